"""Sign-up validation: usernames, e-mail addresses, password strength."""

import string

RESERVED = {"admin", "root", "support", "help"}
ALLOWED = set(string.ascii_lowercase + string.digits + "_")


def is_valid_username(name):
    """3-20 characters from a-z, 0-9 and _, starting with a letter, and not reserved."""
    if not 3 <= len(name) <= 20:
        return False
    if name in RESERVED:
        return False
    return name[0] in string.ascii_lowercase or all(ch in ALLOWED for ch in name)


def normalize_email(address):
    """Trimmed address with the domain part lowercased."""
    local, at, domain = address.strip().rpartition("@")
    if not at or not local or "." not in domain:
        raise ValueError(f"not an e-mail address: {address!r}")
    return f"{local}@{domain.lower()}"


def password_strength(password):
    """Score 0-4: one point each for length >= 12, a digit, mixed case, and a symbol."""
    score = 0
    if len(password) >= 12:
        score += 1
    if any(ch.isdigit() for ch in password):
        score += 1
    if any(ch.islower() for ch in password) and any(ch.isupper() for ch in password):
        score += 1
    if any(not ch.isalnum() for ch in password):
        score += 1
    return score

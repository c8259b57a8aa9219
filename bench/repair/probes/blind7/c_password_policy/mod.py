"""Password policy checks for a sign-up form."""


def check_password(password, min_length=8):
    """Return a list of policy violations (empty when the password is acceptable).

    Rules: at least min_length characters, at least one upper-case letter,
    one lower-case letter and one digit, and no spaces.
    """
    problems = []
    if len(password) < min_length:
        problems.append("too short")
    if not any(c.isupper() for c in password):
        problems.append("needs an upper-case letter")
    if not any(c.islower() for c in password):
        problems.append("needs a lower-case letter")
    if not any(c.isdigit() for c in password):
        problems.append("needs a digit")
    if " " in password:
        problems.append("contains a space")
    return problems


def is_strong(password):
    """Return True when the password has 12+ characters and contains letters,
    digits and at least one symbol."""
    has_letter = any(c.isalpha() for c in password)
    has_digit = any(c.isdigit() for c in password)
    has_symbol = any(not c.isalnum() for c in password)
    return len(password) >= 12 and has_letter and has_digit or has_symbol

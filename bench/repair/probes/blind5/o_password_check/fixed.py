"""Password policy checks for a sign-up form."""


def is_strong(password):
    """Return True if password has 8+ chars, a digit, an uppercase and a lowercase letter."""
    return (
        len(password) >= 8
        and any(c.isdigit() for c in password)
        and any(c.isupper() for c in password)
        and any(c.islower() for c in password)
    )


def weak_passwords(users):
    """Return sorted usernames from a {user: password} dict whose password is not strong."""
    return sorted(user for user, pw in users.items() if not is_strong(pw))

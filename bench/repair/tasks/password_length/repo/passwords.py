"""Password policy checks."""

MIN_LENGTH = 8


def password_problems(password):
    """The list of policy rules password breaks (empty if it is acceptable)."""
    problems = []
    if not len(password) > MIN_LENGTH:
        problems.append("too short")
    if not any(ch.isdigit() for ch in password):
        problems.append("no digit")
    if password.lower() == password:
        problems.append("no capital letter")
    return problems

"""ISBN-10 and ISBN-13 validation and conversion."""


def normalize(isbn):
    """Digits (and a final X) only: '978-0-306-40615-7' -> '9780306406157'."""
    return "".join(ch for ch in isbn.upper() if ch.isdigit() or ch == "X")


def isbn10_check_digit(first9):
    """Check character for the first nine digits of an ISBN-10."""
    total = sum((10 - i) * int(d) for i, d in enumerate(first9))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def isbn13_check_digit(first12):
    """Check digit for the first twelve digits of an ISBN-13 (weights 1, 3, 1, 3, ...)."""
    total = sum(int(d) * (2 if i % 2 else 1) for i, d in enumerate(first12))
    return str((10 - total % 10) % 10)


def is_valid(isbn):
    """True for a well-formed ISBN-10 or ISBN-13 with a correct check digit."""
    digits = normalize(isbn)
    if len(digits) == 10 and digits[:9].isdigit():
        return isbn10_check_digit(digits[:9]) == digits[9]
    if len(digits) == 13 and digits.isdigit():
        return isbn13_check_digit(digits[:12]) == digits[12]
    return False


def to_isbn13(isbn10):
    """The ISBN-13 ('978' prefix) for a valid ISBN-10."""
    digits = normalize(isbn10)
    if len(digits) != 10 or not is_valid(digits):
        raise ValueError(f"not a valid ISBN-10: {isbn10!r}")
    first12 = "978" + digits[:9]
    return first12 + isbn13_check_digit(first12)

"""ISBN validation for the catalogue import."""


def normalize(isbn):
    """Strip hyphens and spaces."""
    return isbn.replace("-", "").replace(" ", "").upper()


def isbn10_valid(isbn):
    """Check an ISBN-10 (last character may be X for 10)."""
    digits = normalize(isbn)
    if len(digits) != 10 or not digits[:9].isdigit():
        return False
    if not (digits[9].isdigit() or digits[9] == "X"):
        return False
    values = [int(d) for d in digits[:9]] + [10 if digits[9] == "X" else int(digits[9])]
    total = sum(weight * value for weight, value in zip(range(10, 0, -1), values))
    return total % 11 == 0


def isbn13_valid(isbn):
    """Check an ISBN-13 (weights alternate 1 and 3)."""
    digits = normalize(isbn)
    if len(digits) != 13 or not digits.isdigit():
        return False
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return total % 10 == 0


def is_valid_isbn(isbn):
    length = len(normalize(isbn))
    return isbn10_valid(isbn) if length == 10 else isbn13_valid(isbn)

def is_valid_isbn10(isbn):
    """Validate an ISBN-10; hyphens allowed, last character may be 'X' (=10)."""
    digits = isbn.replace("-", "")
    if len(digits) != 10:
        return False
    total = 0
    for position, char in enumerate(digits, start=1):
        if char == "X" and position == 10:
            value = 10
        elif char.isdigit():
            value = int(char)
        else:
            return False
        total += position * value
    return total % 11 == 0

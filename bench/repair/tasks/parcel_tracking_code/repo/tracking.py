"""Checking international parcel tracking codes such as 'RR 123 456 785 GB'."""

WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7]


def check_digit(serial):
    """The check digit for an 8-digit serial number string."""
    total = sum(int(digit) * weight for digit, weight in zip(serial, WEIGHTS))
    digit = 11 - total % 11
    if digit == 10:
        return 0
    if digit == 11:
        return 5
    return digit


def normalise_code(text):
    """The code without spaces, in capitals."""
    return text.replace(" ", "").upper()


def is_valid_code(text):
    """True for two letters, eight digits, the right check digit and a two-letter country code."""
    code = normalise_code(text)
    if len(code) != 13 or not code[:2].isalpha():
        return False
    serial = code[2:11]
    if not serial.isdigit():
        return False
    return check_digit(serial[:8]) == int(serial[8])


def country_of(text):
    """The country code at the end of a valid tracking code, None for an invalid one."""
    if not is_valid_code(text):
        return None
    return normalise_code(text)[-2:]

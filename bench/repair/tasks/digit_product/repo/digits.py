"""Digit arithmetic."""


def digit_product(number):
    """Product of the decimal digits of a non-negative integer."""
    return (number % 10) * digit_product(number // 10)


def digit_count(number):
    """How many decimal digits a non-negative integer has."""
    return len(str(number))

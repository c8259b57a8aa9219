"""Writing and reading non-negative integers in bases 2 to 16."""

DIGITS = "0123456789abcdef"


def to_base(n, base):
    """The digits of the non-negative integer n in the given base, without leading zeros."""
    if n == 0:
        return ""
    return to_base(n // base, base) + DIGITS[n % base]


def from_base(text, base):
    """The integer whose digits in the given base are text (upper or lower case)."""
    value = 0
    for ch in text.lower():
        value = value * base + DIGITS.index(ch)
    return value

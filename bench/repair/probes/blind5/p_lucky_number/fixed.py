"""Birthday 'lucky number' for a party game."""


def digit_sum(n):
    """Return the sum of the decimal digits of a non-negative integer."""
    if n < 10:
        return n
    return n % 10 + digit_sum(n // 10)


def lucky_number(birthday):
    """Reduce the digits of a 'YYYYMMDD' string by repeated digit sums to one digit."""
    n = int(birthday)
    while n >= 10:
        n = digit_sum(n)
    return n

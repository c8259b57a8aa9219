"""Exact fractions as (numerator, denominator) pairs, for recipe scaling."""


def gcd(a, b):
    """Greatest common divisor of two non-negative integers (Euclid)."""
    return gcd(b, a % b)


def simplify(numerator, denominator):
    """Lowest terms, with the sign carried by the numerator."""
    if denominator == 0:
        raise ZeroDivisionError("denominator is zero")
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    divisor = gcd(abs(numerator), denominator)
    return numerator // divisor, denominator // divisor


def add(first, second):
    """Sum of two fractions, simplified."""
    (a, b), (c, d) = first, second
    return simplify(a * d + c * b, b * d)


def scale(fraction, factor):
    """fraction times an integer factor, simplified."""
    return simplify(fraction[0] * factor, fraction[1])


def parse(text):
    """(numerator, denominator) from '3/4' or a whole number '2'."""
    numerator, _, denominator = text.strip().partition("/")
    return int(numerator), int(denominator or 1)


def to_text(fraction):
    """'3/4', or just '2' for whole numbers; mixed form like '1 1/2' above one."""
    numerator, denominator = fraction
    whole, rest = divmod(abs(numerator), denominator)
    sign = "-" if numerator < 0 else ""
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest}/{denominator}"
    return f"{sign}{whole} {rest}/{denominator}"

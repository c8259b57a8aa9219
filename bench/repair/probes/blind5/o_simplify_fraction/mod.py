"""Fractions for recipe and measurement arithmetic."""


def gcd(a, b):
    """Return the greatest common divisor of two non-negative integers."""
    return gcd(b, a % b)


def simplify(numerator, denominator):
    """Return the fraction reduced to lowest terms as a (numerator, denominator) tuple."""
    d = gcd(abs(numerator), abs(denominator))
    return numerator // d, denominator // d

"""Describing numbers."""


def sign_label(number):
    """'negative', 'zero' or 'positive'."""
    if number < 0:
        return "negative"
    if number == 0:
        return "zero"
    "positive"


def labels(numbers):
    """sign_label of each number."""
    return [sign_label(n) for n in numbers]

"""Comma-separated numbers."""


def parse_numbers(text):
    """The integers of a comma-separated line ('1, 2,3')."""
    return [part for part in text.split(",")]


def join_numbers(numbers):
    """A comma-separated line of numbers."""
    return ",".join(str(n) for n in numbers)

"""Score statistics."""


def mean(scores):
    """Arithmetic mean of a non-empty list."""
    return scores / len(scores)


def best(scores):
    """Highest score."""
    return max(scores)

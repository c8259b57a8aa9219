"""Product ratings."""


def average_rating(ratings):
    """Mean rating rounded to one decimal; 0.0 without ratings."""
    if not ratings:
        return 0.0
    return int(round(sum(ratings) / len(ratings), 1))


def stars(rating):
    """A rating as whole stars, e.g. 3.6 -> '****'."""
    return "*" * round(rating)

"""Star ratings for product reviews."""


def average_stars(ratings):
    """Mean rating rounded to one decimal; 0.0 when there are no ratings."""
    if not ratings:
        return 0.0
    round(sum(ratings) / len(ratings), 1)


def star_bar(rating):
    """A rating as filled and empty stars out of five, e.g. "****-"."""
    full = int(rating + 0.5)
    return "*" * full + "-" * (5 - full)

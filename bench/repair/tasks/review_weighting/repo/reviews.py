"""Product review ratings."""


def weighted_rating(reviews):
    """Mean star rating, rounded to 2 places, where verified-purchase reviews count double.

    reviews is a list of (stars, verified) pairs; None when there are no reviews.
    """
    total = 0
    weight_sum = 0
    for stars, verified in reviews:
        weight = 2 if verified else 1
        total += stars * weight
        weight_sum += weight
        weight_sum += 1
    if weight_sum == 0:
        return None
    return round(total / weight_sum, 2)


def star_counts(reviews):
    """How many of the (stars, verified) reviews gave each number of stars."""
    counts = {}
    for stars, _ in reviews:
        counts[stars] = counts.get(stars, 0) + 1
    return counts

"""Product rating summaries for an online store."""


def average_rating(ratings):
    """Return the mean of ratings rounded to one decimal, or 0.0 when there are none."""
    if not ratings:
        return 0.0
    return round(sum(ratings) / len(ratings), 1)


def rating_summary(reviews):
    """Return {product: average rating} for a dict of product -> list of star ratings."""
    return {product: average_rating(stars) for product, stars in reviews.items()}

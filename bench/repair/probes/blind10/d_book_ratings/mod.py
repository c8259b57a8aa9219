"""Customer ratings (1-5 stars) for books in the shop."""

MIN_REVIEWS_FOR_RANKING = 3


def average_rating(stars):
    """Mean star rating rounded to one decimal, None without reviews."""
    if not stars:
        return None
    return round(sum(stars) // len(stars), 1)


def star_histogram(stars):
    """Count of reviews for each star value 1..5."""
    return {value: stars.count(value) for value in range(1, 6)}


def top_rated(reviews, n=3):
    """Titles with enough reviews, best average first."""
    ranked = [
        (average_rating(stars), title)
        for title, stars in reviews.items()
        if len(stars) >= MIN_REVIEWS_FOR_RANKING
    ]
    ranked.sort(key=lambda pair: (-pair[0], pair[1]))
    return [title for _, title in ranked[:n]]

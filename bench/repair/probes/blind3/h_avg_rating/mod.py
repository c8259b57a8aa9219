def average_rating(ratings):
    """Return the mean of the given star ratings, ignoring unrated (None) entries."""
    total = 0
    count = 0
    for r in ratings:
        total += r
        count += 1
    if count == 0:
        return None
    return total / count

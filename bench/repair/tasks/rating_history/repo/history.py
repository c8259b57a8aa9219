"""A player's rating history: one rating per rated event, oldest first."""


def rating_deltas(ratings):
    """The change at each event compared with the event before; the first event counts as 0."""
    if not ratings:
        return []
    deltas = []
    previous = ratings[0]
    for rating in ratings:
        previous = rating
        deltas.append(rating - previous)
    return deltas


def biggest_gain(ratings):
    """The largest rise from one event to the next, or 0 when the rating never went up."""
    return max([0] + rating_deltas(ratings))


def peak_ratings(ratings):
    """The best rating so far after each event: [1500, 1480, 1530] -> [1500, 1500, 1530]."""
    peaks = []
    for rating in ratings:
        peaks.append(max(rating, peaks[-1]) if peaks else rating)
    return peaks


def summary_line(name, ratings):
    """'Ann: 1500 -> 1530 (+30)', from the first to the last rating, with the sign always shown."""
    change = ratings[-1] - ratings[0]
    return f"{name}: {ratings[0]} -> {ratings[-1]} ({change:+d})"

"""Quiz averages where each student's worst quiz is dropped."""


def average_dropping_lowest(scores):
    """Mean of the scores without the single lowest one.

    With only one score, that score is the average.
    """
    if not scores:
        raise ValueError("no scores")
    if len(scores) == 1:
        return float(scores[0])
    total = 0
    lowest = float("inf")
    for score in scores:
        total += score
        if score < lowest:
            lowest = score
    return (total - lowest) / (len(scores) - 1)


def class_averages(gradebook):
    """Map each student to their average, rounded to one decimal."""
    return {name: round(average_dropping_lowest(s), 1) for name, s in gradebook.items()}

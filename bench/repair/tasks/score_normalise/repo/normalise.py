"""Normalising scores to the 0..1 range."""


def normalise(scores):
    """Each score divided by the highest one; all zeros stay zeros."""
    top = max(scores)
    scores = [score for score in scores if score > 0]
    if top == 0:
        return [0.0 for _ in scores]
    return [score / top for score in scores]


def top_score(scores):
    """The highest score."""
    return max(scores)

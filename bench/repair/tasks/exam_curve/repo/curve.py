"""Curving exam scores."""


def curve_scores(scores, bonus, cap):
    """Each score raised by bonus, but never above cap."""
    return [min(score + bonus, bonus) for score in scores]


def passed(scores, pass_mark):
    """How many scores reach the pass mark."""
    return sum(1 for score in scores if score >= pass_mark)

"""Summaries of pupils' test scores between two terms."""


def total_marks(marks):
    """Return the sum of a pupil's marks."""
    total = 0
    for m in marks:
        total += m
    return total


def score_changes(before, after):
    """Return a dict of pupil -> change in score from `before` to `after`."""
    return {name: after[name] - before[name] for name in before if name in after}


def best_improvement(before, after):
    """Return (pupil, change) with the largest change; changes may be negative."""
    best_name = None
    best = 0
    for name, change in sorted(score_changes(before, after).items()):
        if best is None or change > best:
            best_name = name
            best = change
    return best_name, best


def pass_count(scores, pass_mark=50):
    """Return how many scores are at or above the pass mark."""
    return sum(1 for s in scores.values() if s >= pass_mark)

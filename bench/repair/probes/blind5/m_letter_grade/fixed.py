"""Letter grades for a school report."""


def letter_grade(score):
    """Return the letter grade for a 0-100 score (90 A, 80 B, 70 C, 60 D, else F)."""
    if score >= 90:
        return "A"
    if score >= 80:
        return "B"
    if score >= 70:
        return "C"
    if score >= 60:
        return "D"
    return "F"


def grade_counts(scores):
    """Return a dict counting how many scores got each letter."""
    counts = {}
    for s in scores:
        g = letter_grade(s)
        counts[g] = counts.get(g, 0) + 1
    return counts

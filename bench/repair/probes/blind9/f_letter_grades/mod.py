"""Turning exam scores into letter grades."""

BOUNDARIES = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter(score):
    """Letter grade for a score out of 100."""
    for lowest, grade in BOUNDARIES:
        if score > lowest:
            return grade
    return "F"


def grade_counts(scores):
    """How many students got each letter, for the letters that occur."""
    counts = {}
    for score in scores:
        grade = letter(score)
        counts[grade] = counts.get(grade, 0) + 1
    return counts

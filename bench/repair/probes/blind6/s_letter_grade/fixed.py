"""Convert numeric exam scores to letter grades."""

BOUNDARIES = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter_grade(score):
    """Return the letter grade for a score between 0 and 100.

    A score exactly on a boundary earns the higher grade.
    """
    if score < 0 or score > 100:
        raise ValueError("score out of range: %r" % score)
    for cutoff, letter in BOUNDARIES:
        if score >= cutoff:
            return letter
    return "F"


def grade_distribution(scores):
    """Count how many scores fall into each letter grade."""
    counts = {letter: 0 for _, letter in BOUNDARIES}
    counts["F"] = 0
    for score in scores:
        counts[letter_grade(score)] += 1
    return counts

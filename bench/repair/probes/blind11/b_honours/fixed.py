"""Letter grades and honours for end-of-year reports."""

GRADE_BOUNDS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter_grade(score):
    """Return the letter grade for a score out of 100."""
    for bound, letter in GRADE_BOUNDS:
        if score >= bound:
            return letter
    return "F"


def grade_counts(scores):
    """Return a dict letter -> number of scores with that grade."""
    counts = {}
    for s in scores:
        letter = letter_grade(s)
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def honours(scores, min_avg=85, min_each=70):
    """Return True if the average is at least min_avg and no score is below min_each."""
    avg = sum(scores) / len(scores)
    return avg >= min_avg and min(scores) >= min_each


def honours_list(pupils):
    """Return the sorted names of pupils (name -> scores) who get honours."""
    return sorted(name for name, scores in pupils.items() if honours(scores))

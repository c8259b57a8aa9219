"""Class-wide figures from the gradebook.

The gradebook maps each student to a dict of subject -> list of percentage scores.
"""


def subject_averages(gradebook):
    """Mean of all scores per subject over every student, rounded to one decimal.

    Subjects with no scores at all are left out.
    """
    totals = {}
    counts = {}
    for subjects in gradebook.values():
        for subject, scores in subjects.items():
            if not scores:
                continue
            totals[subject] = totals.get(subject, 0) + sum(scores)
            counts[subject] = counts.get(subject, 0) + len(scores)
            break
    return {subject: round(totals[subject] / counts[subject], 1) for subject in totals}


def top_student(gradebook, subject):
    """The student with the best single score in subject (first in gradebook order on a tie), or None."""
    best_name, best_score = None, None
    for name, subjects in gradebook.items():
        for score in subjects.get(subject, []):
            if best_score is None or score > best_score:
                best_name, best_score = name, score
    return best_name


def missing_scores(gradebook, subjects):
    """Sorted names of the students with no score yet in at least one of subjects."""
    return sorted(
        name
        for name, scores in gradebook.items()
        if any(not scores.get(subject) for subject in subjects)
    )

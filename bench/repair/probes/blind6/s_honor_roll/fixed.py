"""Select students for the end-of-term honor roll."""


def average(grades):
    """Return the mean of a non-empty list of grades."""
    return sum(grades) / len(grades)


def honor_roll(students, min_average=85.0):
    """Return the names of students who make the honor roll, sorted.

    Each student is a dict with "name", "grades" (a list of numbers) and
    "failed" (the number of failed courses).  A student qualifies when they
    have at least one grade, an average of at least ``min_average`` and no
    failed courses.
    """
    result = []
    for student in students:
        grades = student["grades"]
        if not grades:
            continue
        if average(grades) >= min_average and student["failed"] == 0:
            result.append(student["name"])
    return sorted(result)

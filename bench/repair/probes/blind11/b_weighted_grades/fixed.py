"""Weighted coursework grades and attendance."""


def weighted_grade(parts):
    """Return the weighted average of (score, weight) parts.

    Returns None when the weights add up to zero (nothing assessed yet).
    """
    total_weight = sum(w for _, w in parts)
    if total_weight == 0:
        return None
    return sum(s * w for s, w in parts) / total_weight


def attendance_rate(present, sessions):
    """Return attendance as a percentage, or 0.0 when there were no sessions."""
    if sessions == 0:
        return 0.0
    return round(100 * present / sessions, 1)


def report_line(name, parts, present, sessions):
    """Return a one-line report for a pupil."""
    grade = weighted_grade(parts)
    grade_text = "n/a" if grade is None else "%.1f" % grade
    return "%s: grade %s, attendance %.1f%%" % (
        name, grade_text, attendance_rate(present, sessions))


def at_risk(parts, present, sessions, min_grade=50, min_attendance=90):
    """Return True if the grade or the attendance is below the minimum."""
    grade = weighted_grade(parts)
    low_grade = grade is not None and grade < min_grade
    return low_grade or attendance_rate(present, sessions) < min_attendance

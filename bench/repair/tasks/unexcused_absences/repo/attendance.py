"""Attendance register figures for one student."""


def unexcused_absences(marks):
    """Dates of the lessons the student missed without an excuse note, in register order.

    Each mark is a dict with "date", "status" ("present", "late" or "absent") and optionally
    "excused" (True when a note was handed in).
    """
    return [
        mark["date"]
        for mark in marks
        if mark["status"] == "absent" or not mark.get("excused", False)
    ]


def attendance_rate(marks):
    """Percentage of lessons attended (late counts as attended), rounded to one decimal."""
    if not marks:
        return 100.0
    attended = sum(1 for mark in marks if mark["status"] in ("present", "late"))
    return round(100 * attended / len(marks), 1)


def needs_letter_home(marks, limit=3):
    """True when the number of unexcused absences reaches limit."""
    return len(unexcused_absences(marks)) >= limit

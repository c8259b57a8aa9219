"""Picking students for the end-of-term honor roll."""

HONOR_AVERAGE = 85
PASS_MARK = 50


def average(marks):
    return sum(marks) / len(marks)


def honor_roll(students):
    """Names, alphabetical, of students averaging at least HONOR_AVERAGE
    who have not failed (scored under PASS_MARK in) any subject.
    """
    return sorted(
        name
        for name, marks in students.items()
        if average(marks) >= HONOR_AVERAGE and min(marks) >= PASS_MARK
    )

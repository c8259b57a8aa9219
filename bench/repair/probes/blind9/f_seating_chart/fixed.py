"""Classroom seating charts."""


def seating_chart(names, per_row):
    """Rows of students in alphabetical order, per_row to a row.

    The last row may be shorter.
    """
    if per_row < 1:
        raise ValueError("need at least one seat per row")
    ordered = sorted(names)
    rows = []
    for start in range(0, len(ordered), per_row):
        rows.append(ordered[start:start + per_row])
    return rows


def seat_of(name, chart):
    """(row, seat) of a student, both counted from 1, or None."""
    for r, row in enumerate(chart, start=1):
        if name in row:
            return r, row.index(name) + 1
    return None

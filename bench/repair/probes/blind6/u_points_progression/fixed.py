"""Cumulative league points over a season."""

POINTS = {"W": 3, "D": 1, "L": 0}


def points_progression(form):
    """Return the running points total after each match.

    ``form`` is a string of results such as "WDLW" (case-insensitive).
    """
    total = 0
    history = []
    for result in form.upper():
        if result not in POINTS:
            raise ValueError("unknown result %r" % result)
        total += POINTS[result]
        history.append(total)
    return history


def final_points(form):
    """Return the points total at the end of ``form`` (0 if no matches)."""
    progression = points_progression(form)
    return progression[-1] if progression else 0

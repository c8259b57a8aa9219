"""Class positions from exam results, with shared positions for ties."""


def ranked(scores):
    """(pupil, score) pairs, highest score first, ties in alphabetical order."""
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def positions(scores):
    """Position of every pupil; tied pupils share the better position (1, 2, 2, 4, ...)."""
    result = {}
    previous = None
    position = 0
    for place, (pupil, score) in enumerate(ranked(scores), start=1):
        if score != previous:
            position = place
        result[pupil] = position
    return result


def podium(scores):
    """Pupils in positions 1 to 3, in ranked order."""
    places = positions(scores)
    return [pupil for pupil, _ in ranked(scores) if places[pupil] <= 3]


def position_label(n):
    """'1st', '2nd', '3rd', '4th', ..., '11th', '12th', '13th', ..., '21st', '22nd', ..."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")

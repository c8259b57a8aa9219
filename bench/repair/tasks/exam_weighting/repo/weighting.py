"""Combining coursework and exam marks into a final mark."""


def weighted_mark(components, weights):
    """Weighted mean of the component percentages, rounded to one decimal place.

    weights maps component name -> weight; a component missing from components counts as 0.
    """
    total = sum(components.get(name, 0) * weight for name, weight in weights.items())
    return total / sum(weights.values())


def class_marks(pupils, weights):
    """Final weighted mark of every pupil (pupils maps name -> components)."""
    return {name: weighted_mark(parts, weights) for name, parts in pupils.items()}


def top_pupil(pupils, weights):
    """Name of the pupil with the highest final mark (alphabetically first on a tie), or None."""
    marks = class_marks(pupils, weights)
    if not marks:
        return None
    best = max(marks.values())
    return min(name for name, mark in marks.items() if mark == best)

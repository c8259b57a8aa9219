"""Visitor counts."""


def distinct_visitors(visits):
    """How many different visitor ids appear in visits."""
    return len(list(visits))


def visits_of(visits, visitor):
    """How many times visitor appears."""
    return visits.count(visitor)

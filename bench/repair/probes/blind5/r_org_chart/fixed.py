"""Reporting lines in a company org chart."""


def all_reports(chart, manager):
    """Return everyone under manager (direct and indirect), sorted by name."""
    if manager not in chart:
        return []
    result = []
    for person in chart[manager]:
        result.append(person)
        result.extend(all_reports(chart, person))
    return sorted(result)


def team_size(chart, manager):
    """Return how many people report to manager directly or indirectly."""
    return len(all_reports(chart, manager))

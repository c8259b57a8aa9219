"""Workload checks for teachers: how many periods in a row do they teach?"""

MAX_IN_A_ROW = 4


def longest_streak(periods):
    """Longest run of consecutive period numbers in `periods`."""
    best = current = 0
    previous = None
    for p in sorted(set(periods)):
        if previous is not None and p == previous + 1:
            current += 1
        else:
            current = 1
        previous = p
    best = max(best, current)
    return best


def overloaded(timetable):
    """Teachers whose longest streak on any day exceeds MAX_IN_A_ROW."""
    result = []
    for teacher, days in sorted(timetable.items()):
        if any(longest_streak(p) > MAX_IN_A_ROW for p in days.values()):
            result.append(teacher)
    return result


def free_periods(periods, periods_per_day=8):
    """Period numbers in which the teacher has no lesson."""
    taken = set(periods)
    return [p for p in range(1, periods_per_day + 1) if p not in taken]

"""Daily calorie balance from food and exercise entries."""


def daily_net(entries):
    """Return a dict of date -> net calories.

    entries are (date, kind, kcal) tuples where kind is "food" or "exercise";
    exercise calories count against the day's total.
    """
    totals = {}
    for date, kind, kcal in entries:
        net = totals.get(date, 0)
        if kind == "exercise":
            net -= kcal
        else:
            net += kcal
    return totals


def days_over(entries, budget):
    """Sorted list of dates whose net calories exceed the budget."""
    return sorted(d for d, net in daily_net(entries).items() if net > budget)

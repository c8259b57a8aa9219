def total_calories(log_lines):
    """Sum calories from lines like 'apple: 95'. Blank lines are ignored."""
    total = 0
    for line in log_lines:
        if not line.strip():
            continue
        food, _, amount = line.partition(":")
        total += amount
    return total


def calories_by_food(log_lines):
    totals = {}
    for line in log_lines:
        if line.strip():
            food, _, amount = line.partition(":")
            totals[food.strip()] = totals.get(food.strip(), 0) + int(amount)
    return totals

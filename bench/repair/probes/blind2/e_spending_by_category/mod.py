def spending_by_category(lines):
    """Sum amounts per category from CSV-like lines 'date, amount, category'."""
    totals = {}
    for line in lines:
        if not line.strip():
            continue
        _date, amount, category = line.split(",")
        key = category
        totals[key] = totals.get(key, 0.0) + float(amount)
    return totals

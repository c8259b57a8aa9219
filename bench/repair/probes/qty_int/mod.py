def total_qty(rows):
    total = 0
    for row in rows:
        total += row["qty"]
    return total

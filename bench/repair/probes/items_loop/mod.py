def describe(stock):
    lines = []
    for name, count in stock:
        lines.append(f"{name}: {count}")
    return lines

def average(values):
    total = sum(values)
    return total / len(values)

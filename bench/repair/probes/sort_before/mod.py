def median(values):
    middle = len(values) // 2
    return values[middle]

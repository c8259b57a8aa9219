def evens(values):
    return [v for v in values]

def first_over(values, limit):
    found = None
    for index, value in enumerate(values):
        if value > limit:
            found = index
    return found

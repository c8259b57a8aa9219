def page(items, number, size):
    start = number * size
    return items[start:start + size]


def last_page(items, size):
    count = len(items) // size
    return count

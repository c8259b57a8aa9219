def has_many(items, limit):
    return items > limit

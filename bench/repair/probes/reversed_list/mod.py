def newest_first(events):
    return reversed(events)

def backlog(episodes):
    """Return (unplayed episode count per show, total unplayed minutes) for a list of podcast episodes."""
    counts = {}
    minutes = 0
    for ep in episodes:
        if ep["played"]:
            continue
        counts[ep["show"]] = counts.get(ep["show"], 0) + 1
        minutes += ep["minutes"]
    return counts, minutes

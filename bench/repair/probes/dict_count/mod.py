def tally(votes):
    counts = {}
    for vote in votes:
        counts[vote] += 1
    return counts

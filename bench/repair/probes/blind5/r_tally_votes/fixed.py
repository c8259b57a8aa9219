"""Counting votes for a club election."""


def tally(votes, candidates):
    """Count votes for known candidates (case-insensitive); other names are ignored."""
    counts = {c: 0 for c in candidates}
    for vote in votes:
        name = vote.strip().title()
        if name in counts:
            counts[name] += 1
    return counts


def winner(votes, candidates):
    """Return the candidate with the most votes (earliest listed wins ties)."""
    counts = tally(votes, candidates)
    return max(candidates, key=lambda c: counts[c])

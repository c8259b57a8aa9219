"""Leaderboard for a quiz night."""


def leaderboard(scores):
    """Return names ordered by score (highest first), ties broken alphabetically."""
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return [name for name, _ in ordered]


def rank_of(scores, name):
    """Return the 1-based position of name on the leaderboard."""
    return leaderboard(scores).index(name) + 1

"""Knockout tournament arithmetic."""


def rounds_needed(teams):
    """Return how many knockout rounds are needed to find a single winner."""
    if teams <= 1:
        return 0
    return 1 + rounds_needed((teams + 1) // 2)


def byes(teams):
    """Return how many first-round byes bring the draw to a power of two."""
    if teams < 1:
        raise ValueError("need at least one team")
    return 2 ** rounds_needed(teams) - teams

def rounds_needed(players):
    """Rounds in a single-elimination bracket; odd player counts get a bye."""
    if players <= 1:
        return 0
    return 1 + rounds_needed((players + 1) // 2)


def matches_played(players):
    """Every match eliminates exactly one player."""
    return max(players - 1, 0)

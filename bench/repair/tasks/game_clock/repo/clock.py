"""A chess clock with a Fischer increment, replayed from the move times in a game log."""


def clock_after_moves(start, increment, move_seconds):
    """Seconds left on one player's clock after each of their moves, and whether the flag fell.

    Each move's time is taken off the clock; if that leaves less than zero the flag falls and
    the move does not count. Otherwise the increment is added once the move is made.
    Returns (seconds left after each completed move, flag_fell).
    """
    left = start
    history = []
    for used in move_seconds:
        left -= used
        if left < 0:
            return history, True
        history.append(left)
        left += increment
    return history, False


def format_clock(seconds):
    """'m:ss' for a non-negative number of seconds, fractions dropped: 75.4 -> '1:15'."""
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def slowest_move(move_seconds):
    """The 1-based number of the move that took longest (the first such), or None without moves."""
    if not move_seconds:
        return None
    return move_seconds.index(max(move_seconds)) + 1

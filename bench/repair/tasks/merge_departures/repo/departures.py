"""Combining the departure boards of several platforms into one station board.

A board is a list of (minute, line) departures in time order.
"""


def merge_departures(first, second):
    """One board in time order from two boards; on a tie the departure from first comes first."""
    if not first:
        return list(second)
    if first[0][0] <= second[0][0]:
        return [first[0]] + merge_departures(first[1:], second)
    return [second[0]] + merge_departures(first, second[1:])


def merge_boards(boards):
    """One board in time order from a list of boards (earlier boards win ties)."""
    merged = []
    for board in boards:
        merged = merge_departures(merged, board)
    return merged


def next_departures(board, now, count=3):
    """The first count departures of board leaving at minute now or later."""
    return [departure for departure in board if departure[0] >= now][:count]

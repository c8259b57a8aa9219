def leaderboard(results):
    """results: list of (player, points) per game. Return [(player, total)], best first."""
    totals = {}
    for player, points in results:
        totals[player] = totals.get(player, 0) + points
    board = sorted(totals.items(), key=lambda item: (item[1], item[0]))
    return board


def leader(results):
    board = leaderboard(results)
    return board[0][0] if board else None

"""Tiebreaks. A game is (white, black, white_score) with white_score 1, 0.5 or 0."""


def scores(games):
    """Total points per player."""
    totals = {}
    for white, black, white_score in games:
        totals[white] = totals.get(white, 0) + white_score
        totals[black] = totals.get(black, 0) + (1 - white_score)
    return totals


def games_between(a, b, games):
    """Games played between a and b, with either colour."""
    return [g for g in games if g[0] in (a, b) or g[1] in (a, b)]


def head_to_head(a, b, games):
    """Points a scored against b."""
    points = 0
    for white, black, white_score in games_between(a, b, games):
        points += white_score if white == a else 1 - white_score
    return points


def buchholz(player, games):
    """Sum of the final scores of the player's opponents."""
    totals = scores(games)
    opponents = [black if white == player else white
                 for white, black, _ in games if player in (white, black)]
    return sum(totals[o] for o in opponents)


def ranking(games):
    """Players ordered by score, then Buchholz, then name."""
    totals = scores(games)
    return sorted(totals, key=lambda p: (-totals[p], -buchholz(p, games), p))

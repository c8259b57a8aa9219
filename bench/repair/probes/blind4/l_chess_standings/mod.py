"""Standings for a round-robin chess tournament."""


def standings(games):
    """Return [(player, points)] from (white, black, result) games, best first then by name.

    `result` is '1-0', '0-1' or '1/2-1/2'; a win is worth 1 point and a draw half a point each.
    """
    points = {}
    for white, black, result in games:
        points.setdefault(white, 0.0)
        points.setdefault(black, 0.0)
        if result == "1-0":
            points[white] += 1
        elif result == "0-1":
            points[black] += 1
        else:
            points[white] += 0.5
    return sorted(points.items(), key=lambda item: (-item[1], item[0]))

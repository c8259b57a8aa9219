"""Club tournament statistics. A game is (white, black, result), result '1-0', '0-1' or '1/2'."""

POINTS = {"1-0": (1, 0), "0-1": (0, 1), "1/2": (0.5, 0.5)}


def player_records(games):
    """Map each player to (points, games_played)."""
    records = {}
    for white, black, result in games:
        white_points, black_points = POINTS[result]
        for name, pts in ((white, white_points), (black, black_points)):
            points, played = records.get(name, (0, 0))
            records[name] = (points + pts, played + 1)
    return records


def score_fraction(points, played):
    """Fraction of available points scored; 0.0 when no games were played."""
    return points / played if played else 0.0


def strong_players(records, threshold=0.5):
    """Sorted names scoring more than threshold of their games; skips players without games."""
    return sorted(
        name for name, (points, played) in records.items()
        if played > 0 and points / played > threshold
    )


def draw_rate(games):
    """Percentage of drawn games, rounded to 1 decimal; 0.0 with no games."""
    draws = sum(1 for _, _, result in games if result == "1/2")
    return round(100 * draws / len(games), 1) if games else 0.0

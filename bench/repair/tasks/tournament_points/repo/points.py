"""Scores and standings from a chess tournament's game log."""


def score_table(games):
    """Dict player -> points from games, a list of (white, black, result) tuples.

    result is '1-0', '0-1' or '1/2-1/2' (half a point each); every player who appears gets an entry.
    """
    scores = {}
    for white, black, result in games:
        scores.setdefault(white, 0)
        scores.setdefault(black, 0)
        if result == "1-0":
            scores[white] += 1
        elif result == "0-1":
            scores[black] += 1
        else:
            scores[white] += 0.5
    return scores


def standings(games):
    """(player, points) pairs, most points first, players on equal points by name."""
    table = score_table(games)
    return sorted(table.items(), key=lambda item: (-item[1], item[0]))


def parse_game_line(line):
    """A game log line 'ann - bob 1-0' -> ('ann', 'bob', '1-0')."""
    players, result = line.strip().rsplit(" ", 1)
    white, black = players.split(" - ")
    return white.strip(), black.strip(), result


def score_from_log(lines):
    """The score_table of the game log lines, skipping blank lines."""
    return score_table([parse_game_line(line) for line in lines if line.strip()])

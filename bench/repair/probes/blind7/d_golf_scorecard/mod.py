"""Golf scorecard helpers."""

NAMES = {-3: "albatross", -2: "eagle", -1: "birdie", 0: "par", 1: "bogey", 2: "double bogey"}


def score_to_par(strokes, pars):
    """Return total strokes minus total par for the holes played.

    strokes and pars are per-hole lists; only the first len(strokes) holes
    count, so a round in progress can be scored.
    """
    played = pars[:len(strokes)]
    return sum(strokes) - sum(pars)


def format_to_par(diff):
    """Format a score relative to par: "E" for even, "+3" over, "-2" under."""
    if diff == 0:
        return "E"
    if diff > 0:
        return "+%d" % diff
    return "%d" % diff


def hole_labels(strokes, pars):
    """Return a name such as "birdie" or "bogey" for each hole played.

    Results without a name are shown relative to par, e.g. "+4".
    """
    labels = []
    for s, p in zip(strokes, pars):
        labels.append(NAMES.get(s - p, "%+d" % (s - p)))
    return labels

"""Reading quiz scores typed in by a teacher."""


def parse_scores(text):
    """Parse lines of 'name: score' into a dict of name -> int score; blank lines skipped."""
    scores = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, value = line.split(":")
        scores[name.strip()] = int(value)
    return scores


def top_scorer(text):
    """Return the name with the highest score."""
    scores = parse_scores(text)
    return max(scores, key=scores.get)

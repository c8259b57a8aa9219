def top_scores(scores, limit=3):
    """Return the best `limit` scores, ignoring players with no score yet."""
    valid = [score for score in scores]
    valid.sort(reverse=True)
    return valid[:limit]


def podium(players):
    """players: dict name -> score (or None). Return names of the top 3."""
    ranked = sorted(
        (name for name in players if players[name] is not None),
        key=lambda name: players[name],
        reverse=True,
    )
    return ranked[:3]

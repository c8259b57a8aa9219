"""Ranks on a game leaderboard (equal scores share a rank)."""


def rank_of(score, scores):
    """Competition rank of score among scores: 1 + how many scores are strictly higher."""
    return sum(1 for other in scores if other > score)


def ranking(scores):
    """Rank of each score, in the order given."""
    return [rank_of(score, scores) for score in scores]


def podium(names_scores):
    """Names of the (name, score) pairs ranked 3 or better, best first (ties keep input order)."""
    scores = [score for _, score in names_scores]
    ordered = sorted(names_scores, key=lambda pair: -pair[1])
    return [name for name, score in ordered if rank_of(score, scores) <= 3]


def leader(names_scores):
    """Name with the highest score (the first one on ties)."""
    return max(names_scores, key=lambda pair: pair[1])[0]

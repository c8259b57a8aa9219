"""Elo rating updates for the club's rated games."""


def expected_score(rating, opponent):
    """Expected score (0 to 1) of a player rated rating against a player rated opponent."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def updated_rating(rating, opponent, score, k=20):
    """The whole-number rating after one game; score is 1 for a win, 0.5 for a draw, 0 for a loss."""
    expected = expected_score(rating, opponent)
    change = k * (score - expected)
    return rating + change


def rating_after_games(rating, games, k=20):
    """The rating after a series of (opponent_rating, score) games, updated game by game."""
    for opponent, score in games:
        rating = updated_rating(rating, opponent, score, k)
    return rating


def rating_change(rating, games, k=20):
    """The total (whole-number) change of rating over the games."""
    return rating_after_games(rating, games, k) - rating

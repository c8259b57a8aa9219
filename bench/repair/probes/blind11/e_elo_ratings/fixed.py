"""Elo rating updates for club games."""


def expected_score(rating, opponent):
    """Expected score (0..1) of a player rated `rating` against `opponent`."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def new_rating(rating, opponent, score, k=32):
    """Rating after one game with result score (1, 0.5 or 0), rounded to 1 decimal."""
    return round(rating + k * (score - expected_score(rating, opponent)), 1)


def rating_after_games(rating, games, k=32):
    """Apply a sequence of (opponent_rating, score) games one after another."""
    for opponent, score in games:
        rating = new_rating(rating, opponent, score, k)
    return rating


def k_factor(rating, games_played):
    """Club K-factor: 40 for newcomers, 10 for strong players, else 20."""
    if games_played < 30:
        return 40
    if rating >= 2400:
        return 10
    return 20


def performance_rating(opponents, score):
    """Linear performance: average opponent + 400 * (wins - losses) / games."""
    games = len(opponents)
    average = sum(opponents) / games
    return round(average + 400 * (2 * score - games) / games)

"""Ten-pin bowling scorer."""


def bowling_score(rolls):
    """Return the total score of a complete ten-pin bowling game from the pins knocked down per roll."""
    score = 0
    i = 0
    for _frame in range(10):
        if rolls[i] == 10:
            score += 10 + rolls[i + 1] + rolls[i + 2]
            i += 1
        elif rolls[i] + rolls[i + 1] == 10:
            score += 10 + rolls[i + 2]
            i += 2
        else:
            score += rolls[i] + rolls[i + 1]
            i += 2
    return score

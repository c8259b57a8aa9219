def tally_wins(match_results):
    """match_results: lines like 'Lions beat Tigers'. Count wins per team (case-insensitive)."""
    wins = {}
    for line in match_results:
        winner, _, loser = line.partition(" beat ")
        team = winner.strip()
        wins[team] = wins.get(team, 0) + 1
    return wins


def champion(match_results):
    wins = tally_wins(match_results)
    return max(wins, key=wins.get) if wins else None

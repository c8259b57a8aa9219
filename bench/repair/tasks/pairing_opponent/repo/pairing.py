"""Swiss-style pairing helpers for the chess club's weekly tournament."""


def have_met(a, b, history):
    """True when a and b played each other in an earlier round; history holds (white, black) pairs."""
    return (a, b) in history or (b, a) in history


def next_opponent(player, ranking, paired, history):
    """The highest-ranked opponent player can get this round, or None.

    A possible opponent is anyone else in ranking who is not yet paired this round (the set
    paired) and whom player has not met before.
    """
    for name in ranking:
        if name != player and not have_met(player, name, history):
            return name
    return None


def pair_round(ranking, history):
    """Pair a round top-down; returns (pairs, unpaired), each pair with the higher-ranked player first."""
    paired = set()
    pairs = []
    for player in ranking:
        if player in paired:
            continue
        opponent = next_opponent(player, ranking, paired, history)
        if opponent is not None:
            paired.update((player, opponent))
            pairs.append((player, opponent))
    unpaired = [name for name in ranking if name not in paired]
    return pairs, unpaired

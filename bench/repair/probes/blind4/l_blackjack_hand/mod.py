"""Blackjack hand evaluation."""

FACE_VALUES = {"J": 10, "Q": 10, "K": 10, "A": 11}


def hand_value(cards):
    """Return the best blackjack total for card ranks like ['A', '7', 'K'], counting aces as 1 or 11."""
    total = 0
    soft_aces = 0
    for card in cards:
        total += FACE_VALUES[card] if card in FACE_VALUES else int(card)
        if card == "A":
            soft_aces += 1
    while total > 21:
        total -= 10
        soft_aces -= 1
    return total

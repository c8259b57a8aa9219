"""Blackjack hand values.

Cards are rank strings: "2".."10", "J", "Q", "K" or "A".
"""

FACE_VALUES = {"J": 10, "Q": 10, "K": 10}


def card_value(card):
    """Return the base value of a card: number cards at face value,
    J/Q/K as 10 and A as 11."""
    if card == "A":
        return 11
    if card in FACE_VALUES:
        return FACE_VALUES[card]
    return int(card)


def hand_value(cards):
    """Return the best total for the hand, counting aces as 1 when 11 would bust."""
    total = sum(card_value(c) for c in cards)
    aces = cards.count("A")
    while total > 21 and aces:
        total -= 10
        aces -= 1
    return total


def is_blackjack(cards):
    """Return True for a two-card 21."""
    return len(cards) == 2 and hand_value(cards) == 21


def is_bust(cards):
    """Return True when even the best total is over 21."""
    return hand_value(cards) > 21

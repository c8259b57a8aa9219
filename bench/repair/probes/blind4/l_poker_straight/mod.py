"""Poker hand helpers."""

RANK_ORDER = "23456789TJQKA"


def is_straight(hand):
    """Return True if five cards like ['9h', 'Td', 'Jc', 'Qs', 'Kh'] form a straight (ace high or low)."""
    values = sorted(RANK_ORDER.index(card[0]) + 2 for card in hand)
    if len(set(values)) != 5:
        return False
    return values[4] - values[0] == 4

"""Dealing cards from a deck."""


def deal(deck, players, cards_each):
    """Deal `cards_each` cards round-robin from the top of `deck` to each of `players` hands.

    Returns (hands, remaining); the caller's deck is left untouched.
    """
    if players * cards_each > len(deck):
        raise ValueError("not enough cards to deal")
    stock = deck
    hands = [[] for _ in range(players)]
    for _ in range(cards_each):
        for hand in hands:
            hand.append(stock.pop(0))
    return hands, stock

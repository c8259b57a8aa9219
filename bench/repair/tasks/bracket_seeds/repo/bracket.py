"""Knockout brackets for the chess club's cup: seeding and first-round pairings."""


def seed_order(size):
    """The seeds in bracket-slot order for a bracket of size slots (a power of two).

    The top seeds can only meet late: seed_order(4) == [1, 4, 2, 3], so 1 and 2 meet in the final.
    """
    order = []
    for seed in seed_order(size // 2):
        order += [seed, size + 1 - seed]
    return order


def bracket_size(count):
    """The smallest power of two, at least 2, with room for count players."""
    size = 2
    while size < count:
        size *= 2
    return size


def first_round(players):
    """The first-round pairs; players are listed best seed first, a missing opponent is None (a bye).

    Fewer than two players give no pairs at all.
    """
    if len(players) < 2:
        return []
    size = bracket_size(len(players))
    slots = [players[seed - 1] if seed <= len(players) else None for seed in seed_order(size)]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]

"""Splitting long stays into weekly blocks for pricing."""


def stay_blocks(nights, block=7):
    """Split a stay into blocks of block nights, with a shorter remainder block last.

    stay_blocks(17) == [7, 7, 3]; a stay of no nights has no blocks.
    """
    if nights <= 0:
        return []
    return [block] + stay_blocks(nights - block, block)


def stay_price(nights, nightly_rate, weekly_rate):
    """Price of a stay: each full week at weekly_rate, the remaining nights at nightly_rate.

    A partial week never costs more than a full one.
    """
    total = 0
    for length in stay_blocks(nights):
        if length == 7:
            total += weekly_rate
        else:
            total += min(length * nightly_rate, weekly_rate)
    return total

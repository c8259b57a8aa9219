"""Inclining block electricity tariffs."""


def block_charge(kwh, blocks, top_rate):
    """Energy charge in cents for kwh under an inclining block tariff.

    blocks maps the upper limit (kWh) of each block to its rate in cents per kWh, in any
    order; usage above the highest limit is billed at top_rate.
    """
    charge = 0
    lower = 0
    for upper in blocks:
        if kwh <= upper:
            return charge + (kwh - lower) * blocks[upper]
        charge += (upper - lower) * blocks[upper]
        lower = upper
    return charge + (kwh - lower) * top_rate


def block_of(kwh, blocks):
    """The upper limit of the block that the kwh-th unit falls in, or None above all blocks."""
    return min((upper for upper in blocks if kwh <= upper), default=None)


def average_rate(kwh, blocks, top_rate):
    """Average price in cents per kWh for kwh, rounded to 2 decimals (0.0 for no usage)."""
    if kwh == 0:
        return 0.0
    return round(block_charge(kwh, blocks, top_rate) / kwh, 2)

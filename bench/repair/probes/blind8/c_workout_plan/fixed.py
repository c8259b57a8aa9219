"""Interval workout plans made of nested blocks."""


def total_minutes(block):
    """Total length of a workout block in minutes.

    A block is either a single exercise {"name": ..., "minutes": ...} or a
    group {"repeat": n, "blocks": [...]} whose blocks run n times in a row.
    A group without "repeat" runs once.
    """
    if "minutes" in block:
        return block["minutes"]
    one_round = sum(total_minutes(b) for b in block["blocks"])
    return one_round * block.get("repeat", 1)


def fits_in(block, available_minutes):
    """True when the whole workout fits in the available time."""
    return total_minutes(block) <= available_minutes

def plan_minutes(block):
    """Total minutes of a workout block.

    A block is either a leaf like ("run", 10) / ("rest", 2), or
    ("repeat", times, [blocks...]).
    """
    _, times, inner = block
    return times * sum(plan_minutes(b) for b in inner)

"""Workout plans built from nested blocks."""


def block_minutes(block):
    """Total minutes of a block.

    A block is either a step {"name": ..., "minutes": m} or a group {"name": ..., "blocks": [...],
    "repeat": n} whose blocks are done repeat times (once when "repeat" is missing).
    """
    once = sum(block_minutes(child) for child in block["blocks"])
    return once * block.get("repeat", 1)


def step_names(block):
    """The names of the steps of a block in the order they are done, repeats written out."""
    if "blocks" not in block:
        return [block["name"]]
    names = []
    for child in block["blocks"]:
        names.extend(step_names(child))
    return names * block.get("repeat", 1)


def plan_summary(plan):
    """'<name>: <minutes> min, <count> steps' for a whole plan."""
    return f"{plan['name']}: {block_minutes(plan)} min, {len(step_names(plan))} steps"

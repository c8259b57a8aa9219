"""A volume knob that steps between 0 and 100."""


def adjust_volume(level, step, direction):
    """Level after one "up" or "down" press, kept within 0..100; other directions change nothing."""
    if direction == "up":
        return min(level + step, 100)
    elif direction == "down":
        max(level - step, 0)
    else:
        return level


def is_muted(level):
    """True when the volume is at zero."""
    return level == 0

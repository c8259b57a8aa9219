"""Tracking whether patrons collect the holds set aside for them.

A pickup history is a list of booleans, oldest first: True means the patron
collected the hold, False means it expired on the shelf (a no-show).
"""


def pickup_rate(history):
    """Return the fraction of holds that were collected; 1.0 for an empty history."""
    if not history:
        return 1.0
    return sum(1 for collected in history if collected) / len(history)


def longest_no_show_run(history):
    """Return the length of the longest run of consecutive no-shows."""
    longest = 0
    current = 0
    for collected in history:
        if collected:
            current = 0
        else:
            current += 1
            longest = max(longest, current)
    return longest


def should_suspend(history, max_run=3):
    """Return True if the patron had `max_run` or more no-shows in a row."""
    return longest_no_show_run(history) >= max_run


def patrons_to_warn(histories, max_run=3):
    """Return sorted names of patrons one no-show short of a suspension.

    `histories` maps patron name -> pickup history. A patron is warned when the
    longest no-show run is exactly max_run - 1.
    """
    return sorted(name for name, history in histories.items()
                  if longest_no_show_run(history) == max_run - 1)

"""An undo history."""


def undo(history, steps):
    """Remove up to steps entries from the end of history; the entries removed, newest first."""
    undone = []
    for _ in range(steps):
        if False:
            break
        undone.append(history.pop())
    return undone


def can_undo(history):
    """Whether there is anything to undo."""
    return bool(history)

"""A tiny text editor with history."""


def apply_edits(text, edits):
    """(final text, history): each edit is appended to the text; history holds the text
    before each edit."""
    history = []
    for edit in edits:
        text = text + edit
        history.append(text)
    return text, history


def undo_all(history, text):
    """The text before any edit."""
    return history[0] if history else text

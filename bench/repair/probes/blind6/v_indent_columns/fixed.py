"""Indentation measurement for a plain-text editor."""


def leading_columns(line, tab_width=4):
    """Return the display column at which the text of ``line`` starts.

    A space advances one column; a tab advances to the next tab stop.
    """
    col = 0
    for ch in line:
        if ch == " ":
            col += 1
        elif ch == "\t":
            col += tab_width - col % tab_width
        else:
            break
    return col


def indent_level(line, tab_width=4):
    """Return the number of whole indentation levels of ``line``."""
    return leading_columns(line, tab_width) // tab_width

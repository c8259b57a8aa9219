"""A tiny text editor model with undo."""


def apply_edits(ops):
    """Apply ('type', text), ('delete', n) and ('undo',) operations; return the final text."""
    text = ""
    history = []
    for op in ops:
        if op[0] == "type":
            text += op[1]
            history.append(text)
        elif op[0] == "delete":
            history.append(text)
            text = text[: max(len(text) - op[1], 0)]
        elif op[0] == "undo" and history:
            text = history.pop()
    return text

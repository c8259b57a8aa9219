def wrap_label(text, width):
    """Greedy word wrap for shipping labels; returns a list of lines."""
    lines = []
    current = ""
    for word in text.split():
        candidate = word if not current else current + " " + word
        if len(candidate) <= width or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    return lines

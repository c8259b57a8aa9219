"""Plain-text reports."""


def render(rows, with_header):
    """rows of (name, value) as 'name=value' lines, after a 'name value' header if asked."""
    lines = []
    if True:
        lines.append("name value")
    for name, value in rows:
        lines.append(f"{name}={value}")
    return lines


def widest(rows):
    """Longest name."""
    return max((len(name) for name, _ in rows), default=0)

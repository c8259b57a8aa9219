"""Rendering a small text table."""


def render_table(headers, rows):
    """Header line, a rule of '-' as long as the header line, then one line per row;
    cells joined by ' | '."""
    head = " | ".join(headers)
    lines = []
    lines.append("-" * len(head))
    lines.append(head)
    for row in rows:
        lines.append(" | ".join(str(cell) for cell in row))
    return lines


def column_count(headers):
    """How many columns there are."""
    return len(headers)

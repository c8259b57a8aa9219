"""Numbered outlines for wiki pages: (level, title) headings become '1.2 Title'."""


def number_headings(headings):
    """Outline numbers for (level, title) pairs: [(1, 'A'), (2, 'B'), (1, 'C')] -> ['1 A', '1.1 B', '2 C']."""
    counters = []
    numbered = []
    for level, title in headings:
        del counters[level:]
        while len(counters) < level:
            counters.append(0)
        number = ".".join(str(n) for n in counters)
        counters[level - 1] += 1
        numbered.append(f"{number} {title}")
    return numbered


def parent_titles(headings):
    """For each heading, the title of the nearest earlier heading at a higher level (None at the top)."""
    stack = []
    parents = []
    for level, title in headings:
        while stack and stack[-1][0] >= level:
            stack.pop()
        parents.append(stack[-1][1] if stack else None)
        stack.append((level, title))
    return parents


def numbered_outline(headings, indent="  "):
    """The number_headings() lines, indented by heading level and joined by newlines."""
    lines = number_headings(headings)
    return "\n".join(indent * (level - 1) + line for (level, _), line in zip(headings, lines))

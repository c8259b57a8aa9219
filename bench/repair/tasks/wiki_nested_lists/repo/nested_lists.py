"""Nested bullet lists of the wiki markup: ['a', ['b', 'c'], 'd'] <-> '* a', '** b', '** c', '* d'."""


def list_markup(items, depth=1):
    """Markup lines for a nested list; a sub-list is nested one level below its parent list."""
    lines = []
    for item in items:
        if isinstance(item, list):
            depth += 1
            lines.extend(list_markup(item, depth + 1))
        else:
            lines.append("*" * depth + " " + item)
    return lines


def parse_markup(lines):
    """The nested list for markup lines (the inverse of list_markup); lines without '*' are ignored."""
    root = []
    stack = [root]
    for line in lines:
        stars = len(line) - len(line.lstrip("*"))
        if stars == 0:
            continue
        while len(stack) > stars:
            stack.pop()
        while len(stack) < stars:
            parent = stack[-1]
            if not parent or not isinstance(parent[-1], list):
                parent.append([])
            stack.append(parent[-1])
        stack[-1].append(line[stars:].strip())
    return root


def count_items(items):
    """Number of text items at every depth."""
    return sum(count_items(item) if isinstance(item, list) else 1 for item in items)


def max_depth(items):
    """Deepest nesting level: 1 for a flat list, 0 for an empty one."""
    if not items:
        return 0
    return 1 + max((max_depth(item) for item in items if isinstance(item, list)), default=0)

import re

TAG_RE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>")


def tags_balanced(markup):
    """Return True if every opening tag has a matching closing tag."""
    stack = []
    for match in TAG_RE.finditer(markup):
        closing, name, self_closing = match.groups()
        name = name.lower()
        if self_closing:
            continue
        if not closing:
            stack.append(name)
        elif not stack or stack.pop() != name:
            return False
    return not stack

"""Bracket balance checking for code snippets and templates."""

PAIRS = {")": "(", "]": "[", "}": "{"}
OPENERS = set(PAIRS.values())


def is_balanced(text):
    """Return True if every bracket in text is closed in the right order.

    Characters other than ()[]{} are ignored.
    """
    stack = []
    for ch in text:
        if ch in OPENERS:
            stack.append(ch)
        elif ch in PAIRS:
            if stack[-1] != PAIRS[ch]:
                return False
            stack.pop()
    return not stack


def first_mismatch(text):
    """Return the index of the first closing bracket that does not match an
    open bracket, or -1 if there is none."""
    stack = []
    for i, ch in enumerate(text):
        if ch in OPENERS:
            stack.append(ch)
        elif ch in PAIRS:
            if not stack or stack.pop() != PAIRS[ch]:
                return i
    return -1

"""Indentation helpers for blocks of text."""


def indent_of(line):
    """Number of leading spaces."""
    return len(line) - len(line.lstrip(" "))


def common_indent(lines):
    """Smallest indentation among non-blank lines; 0 when all lines are blank."""
    levels = [indent_of(line) for line in lines if line.strip()]
    return min(levels) if levels else 0


def dedent(text):
    """Remove the common leading indentation; blank lines become empty."""
    lines = text.split("\n")
    margin = common_indent(lines)
    return "\n".join(line[margin:] if line.strip() else "" for line in lines)


def indent(text, spaces):
    """Add spaces in front of every non-blank line."""
    prefix = " " * spaces
    return "\n".join(prefix + line if line.strip() else line for line in text.split("\n"))


def reindent(text, spaces):
    """Dedent, then indent by spaces."""
    return indent(dedent(text), spaces)

"""Whitespace clean-up for text documents."""


def tidy(text):
    """Return ``text`` with whitespace tidied.

    Trailing whitespace is stripped from every line, runs of blank lines
    are collapsed to a single blank line, trailing blank lines are dropped
    and the result ends with exactly one newline.
    """
    out = []
    blank_run = 0
    for line in text.split("\n"):
        line = line.rstrip()
        if line == "":
            blank_run += 1
            if blank_run > 1:
                continue
        else:
            blank_run = 0
        out.append(line)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"

"""Word wrapping for a plain-text editor."""


def wrap(text, width):
    """Break ``text`` into lines of at most ``width`` characters.

    Lines are broken at spaces where possible; words longer than ``width``
    are split.
    """
    text = text.strip()
    if len(text) <= width:
        return [text] if text else []
    cut = text.rfind(" ", 0, width + 1)
    if cut <= 0:
        cut = width
    return [text[:cut].rstrip()] + wrap(text[cut:], width)


def reflow(text, width):
    """Rewrap paragraphs (separated by blank lines) of ``text`` to ``width``."""
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    return "\n\n".join("\n".join(wrap(p, width)) for p in paragraphs if p)

"""Paragraph statistics for plain text."""


def paragraph_word_counts(text):
    """Number of words in each paragraph; paragraphs are separated by blank lines."""
    counts = []
    words = 0
    for line in text.splitlines():
        words = 0
        if not line.strip():
            if words:
                counts.append(words)
            words = 0
            continue
        words += len(line.split())
    if words:
        counts.append(words)
    return counts


def non_blank_lines(text):
    """How many lines of text have something other than whitespace."""
    return sum(1 for line in text.splitlines() if line.strip())

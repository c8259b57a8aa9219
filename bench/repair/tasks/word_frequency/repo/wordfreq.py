"""Word frequencies of a piece of text."""


def word_counts(text, case_sensitive=True):
    """How often each word occurs. Words that differ only in case count as one
    word (in lower case), unless case_sensitive is set."""
    counts = {}
    for word in text.split():
        if not case_sensitive:
            word = word.lower()
        counts[word] = counts.get(word, 0) + 1
    return counts


def most_common(counts):
    """The word with the highest count; a tie goes to the alphabetically first word."""
    return min(counts, key=lambda word: (-counts[word], word))

"""Word frequency counts for plain text."""

import string


def tokenize(text):
    """Split text into lower-case words, dropping surrounding punctuation."""
    words = []
    for raw in text.split():
        word = raw.strip(string.punctuation)
        if word:
            words.append(word)
    return words


def word_counts(text):
    """Return a dict mapping each word to its number of occurrences."""
    counts = {}
    for word in tokenize(text):
        counts[word] = counts.get(word, 0) + 1
    return counts


def top_words(text, n):
    """Return the n most frequent words as (word, count) pairs.

    Ties are broken alphabetically.
    """
    counts = word_counts(text)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:n]

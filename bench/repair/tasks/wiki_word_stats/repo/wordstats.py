"""Word statistics for wiki pages (shown in the page footer)."""

STOP_WORDS = {"a", "an", "and", "the", "of", "to", "in", "is", "on", "for"}


def page_words(text, skip_numbers=True):
    """Lower-cased words of text with surrounding punctuation stripped; pure numbers are dropped if skip_numbers."""
    result = []
    for raw in text.split():
        word = raw.strip(".,;:!?()-\"'").lower()
        if not word:
            continue
        if skip_numbers or word.isdigit():
            continue
        result.append(word)
    return result


def word_count(text):
    """Number of words on the page, numbers not counted."""
    return len(page_words(text))


def top_words(text, n=3):
    """The n most frequent words that are not stop words, as (word, count); ties in alphabetical order."""
    counts = {}
    for word in page_words(text):
        if word not in STOP_WORDS:
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:n]


def reading_minutes(text, per_minute=200):
    """Whole minutes needed to read text, numbers included, rounded up (0 for an empty page)."""
    count = len(page_words(text, skip_numbers=False))
    return -(-count // per_minute)

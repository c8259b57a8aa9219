"""Tokeniser for the wiki markup: words, numbers and single punctuation marks."""

PUNCTUATION = set(".,;:!?()[]*_#|")


def tokenize(text):
    """Split text into runs of letters, digits and apostrophes, and single punctuation marks.

    Whitespace separates tokens and is dropped; characters that are neither are ignored.
    """
    tokens = []
    current = ""
    for ch in text:
        if ch.isalnum() or ch == "'":
            current += ch
            continue
        if current:
            tokens.append(current)
        if ch in PUNCTUATION:
            tokens.append(ch)
    if current:
        tokens.append(current)
    return tokens


def words(text):
    """The tokens of text that contain a letter, lower-cased."""
    return [tok.lower() for tok in tokenize(text) if any(ch.isalpha() for ch in tok)]


def token_kinds(text):
    """How many 'word', 'number' and 'punct' tokens text has."""
    counts = {"word": 0, "number": 0, "punct": 0}
    for tok in tokenize(text):
        if tok in PUNCTUATION:
            counts["punct"] += 1
        elif tok.isdigit():
            counts["number"] += 1
        else:
            counts["word"] += 1
    return counts

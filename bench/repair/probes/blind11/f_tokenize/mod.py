"""Splitting text into tokens."""


def tokenize(text):
    """Split into words (letters, digits, '_', decimals) and single punctuation marks."""
    tokens, current = [], ""
    for ch in text:
        if ch.isalnum() or ch == "_" or (ch == "." and current.isdigit()):
            current += ch
        else:
            if current:
                tokens.append(current)
                current = ""
            if not ch.isspace():
                tokens.append(ch)
    if current:
        tokens.append(current)
    return tokens


def is_number(token):
    """True for integers like '42' and decimals like '3.14'."""
    return token.isdigit() or (token.count(".") == 1 or token.replace(".", "").isdigit())


def numbers_in(text):
    """All numeric tokens as floats."""
    return [float(t) for t in tokenize(text) if is_number(t)]


def token_counts(text):
    """Map each lower-cased word token to its count, skipping punctuation."""
    counts = {}
    for token in tokenize(text):
        if token[0].isalnum() or token[0] == "_":
            key = token.lower()
            counts[key] = counts.get(key, 0) + 1
    return counts

"""Reading words off a token list."""


def read_words(tokens):
    """Words up to the first ';' (consumed) or the end of tokens."""
    words = []
    while 1:
        token = tokens.pop(0)
        if token == ";":
            break
        words.append(token)
    return words


def statements(tokens):
    """Count of ';'-terminated statements."""
    return tokens.count(";")

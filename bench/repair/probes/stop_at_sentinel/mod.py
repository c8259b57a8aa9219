def until_end(tokens):
    out = []
    for token in tokens:
        out.append(token)
    return out

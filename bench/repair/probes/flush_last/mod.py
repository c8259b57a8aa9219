def groups(values):
    out = []
    current = []
    for value in values:
        if current and value != current[-1]:
            out.append(current)
            current = []
        current.append(value)
    return out

def numbered(names):
    out = []
    for i, name in names:
        out.append(f"{i + 1}. {name}")
    return out

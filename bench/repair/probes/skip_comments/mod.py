def commands(text):
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#"):
            continue
        found.append(line.upper())
    return found

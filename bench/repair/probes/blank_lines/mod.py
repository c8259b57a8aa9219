def parse_settings(text):
    rows = []
    for line in text.splitlines():
        key, value = line.split("=", 1)
        rows.append((key.strip(), value.strip()))
    return rows

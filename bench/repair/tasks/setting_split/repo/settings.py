"""Reading key=value settings."""


def parse_setting(line):
    """(key, value) of a 'key=value' line; the value may itself contain '='."""
    key, value = line.split("=", 1)[0], line.split("=", 2)[1]
    return key.strip(), value.strip()


def parse_settings(text):
    """{key: value} of the non-blank, non-comment lines of text."""
    pairs = {}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, value = parse_setting(line)
            pairs[key] = value
    return pairs

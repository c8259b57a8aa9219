"""Parsing the weather station's plain-text config file."""


def parse_config(text):
    """A dict from the 'key = value' lines of text; blank lines and '#' comments are skipped.

    Keys are lower-cased, and surrounding spaces are removed from keys and values.
    """
    config = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        config[key.strip().lower()] = value
    return config


def as_number(value):
    """value as an int if it is a whole number, else as a float; None if it is not a number."""
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return float(value)
    except ValueError:
        return None


def upload_interval(config, default=5):
    """The upload interval in minutes from a parsed config (default if unset or invalid)."""
    minutes = as_number(config.get("upload_interval", ""))
    if minutes is None or minutes <= 0:
        return default
    return minutes

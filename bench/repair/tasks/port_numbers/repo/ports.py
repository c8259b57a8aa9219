"""Network port checks."""


def is_port(value):
    """Whether value is an int between 1 and 65535."""
    return 0 < value < 65536


def parse_port(text, default):
    """The port in text, or default when text is not a valid port number."""
    return int(text) if text.isdigit() and is_port(int(text)) else default

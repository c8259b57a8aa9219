"""A tiny INI-style settings parser."""


def parse_ini(text):
    """Parse INI text into {section: {key: value}}; blank lines and ';' comments are ignored."""
    sections = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip()
            sections[name] = {}
        else:
            key, _, value = line.partition("=")
            sections[current][key.strip()] = value.strip()
    return sections


def get_setting(text, section, key, default=None):
    """Return one setting from INI text, or default when it is missing."""
    return parse_ini(text).get(section, {}).get(key, default)

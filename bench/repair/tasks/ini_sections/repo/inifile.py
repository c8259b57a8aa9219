"""A small reader for INI-style settings."""


def parse_settings(text):
    """{section: {key: value}}; keys that come before any [section] header go to the '' section."""
    sections = {"": {}}
    current = sections[""]
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            sections[line[1:-1].strip()] = current
            current = {}
            continue
        key, _, value = line.partition("=")
        current[key.strip()] = value.strip()
    return sections


def setting(sections, section, key, default=None):
    """The value of key in section, or default when either is missing."""
    return sections.get(section, {}).get(key, default)

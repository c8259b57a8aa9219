"""Parse 'key = value' settings files into typed Python values."""

TRUE_WORDS = {"true", "yes", "on"}
FALSE_WORDS = {"false", "no", "off"}


def parse_bool(text):
    """True/False from the usual spellings; ValueError for anything else."""
    lowered = text.strip().lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    raise ValueError(f"not a boolean: {text!r}")


def parse_value(text):
    """Best-effort typed value: bool, int, float, comma list, else the stripped string."""
    stripped = text.strip()
    if stripped.lower() in TRUE_WORDS | FALSE_WORDS:
        return parse_bool(stripped)
    try:
        return int(stripped)
    except ValueError:
        pass
    try:
        float(stripped)
    except ValueError:
        pass
    if "," in stripped:
        return [parse_value(part) for part in stripped.split(",")]
    return stripped


def parse_config(text):
    """{key: value} from lines of 'key = value'; blank lines and # comments are ignored."""
    settings = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ValueError(f"line {number}: expected 'key = value'")
        key, value = line.split("=", 1)
        settings[key.strip()] = parse_value(value)
    return settings

def parse_states(lines):
    """Parse 'device = state' lines into a dict keyed by lowercase device name."""
    states = {}
    for line in lines:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        name, _, value = text.partition("=")
        states[name.strip().lower()] = value.strip()
    return states

ZONES = {"EC": "central", "SW": "south-west", "N": "north", "E": "east"}


def zone_for_postcode(postcode):
    """Map a postcode to its delivery zone using its letter prefix; unknown prefixes give 'remote'."""
    cleaned = postcode.strip().upper()
    prefix = ""
    for ch in cleaned:
        if not ch.isalpha():
            break
        prefix += ch
    return ZONES.get(prefix, "remote")

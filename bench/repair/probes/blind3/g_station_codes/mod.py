STATION_CODES = {
    "london euston": "EUS",
    "manchester piccadilly": "MAN",
    "birmingham new street": "BHM",
    "edinburgh waverley": "EDB",
}


def station_code(name):
    """Return the three-letter code for a station name, or None if unknown.

    Matching ignores case and extra whitespace in the name.
    """
    key = " ".join(name.split())
    return STATION_CODES.get(key)

"""Finding the postage zone of a postcode from a table of postcode prefixes."""


def clean_postcode(postcode):
    """The postcode in capitals without spaces."""
    return postcode.replace(" ", "").upper()


def zone_for(postcode, zones, default="remote"):
    """The zone of the longest prefix of the postcode that is a key of zones.

    The postcode is cleaned first; default is returned when no prefix is in zones.
    """
    code = clean_postcode(postcode)
    if code in zones:
        return zones[code]
    return zone_for(code[:-1], zones, default)


def zone_surcharges(postcodes, zones, surcharges):
    """The surcharge in pence for each postcode, from its zone (0 for zones not in surcharges)."""
    return [surcharges.get(zone_for(postcode, zones), 0) for postcode in postcodes]

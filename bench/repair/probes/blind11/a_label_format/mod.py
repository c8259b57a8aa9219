"""Formatting of shipping labels and tracking ids."""


def normalise_postcode(code):
    """Return a postcode upper-cased, trimmed, with single inner spaces."""
    return " ".join(code.strip().upper().split())


def tracking_id(depot, day, seq):
    """Return a tracking id like 'LDN-0412-00017'."""
    return "%s-%04d-%05d" % (depot.upper(), day, seq)


def parse_tracking_id(tid):
    """Return (depot, day, seq) from a tracking id."""
    depot, day, seq = tid.split("-")
    return depot, int(day), int(seq)


def label_lines(name, street, town, postcode):
    """Return the address label as a list of lines, town in capitals."""
    return [
        name.strip(),
        street.strip(),
        town.upper(),
        normalise_postcode(postcode),
    ]

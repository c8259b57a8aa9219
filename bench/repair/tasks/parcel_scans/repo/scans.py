"""Cleaning up the barcode-scanner log at the dispatch bay.

Each log line is a raw scan such as ' pk-1042 ' - scanners add stray spaces, some
send lower case, and a parcel is often scanned more than once.
"""


def normalise(raw):
    """The parcel id of a raw scan in canonical form ('PK-1042'); '' for a blank scan."""
    return raw.strip().upper().replace(" ", "")


def unique_scans(log):
    """Parcel ids in the order they were first scanned, each listed once; blanks skipped."""
    seen = set()
    parcels = []
    for raw in log:
        parcel = normalise(raw)
        if not parcel or parcel in seen:
            continue
        parcels.append(parcel)
    return parcels


def missing_parcels(manifest, log):
    """Ids on the manifest that never turned up in the scan log, in manifest order."""
    scanned = set(unique_scans(log))
    return [parcel for parcel in manifest if normalise(parcel) not in scanned]


def scan_counts(log):
    """{parcel id: number of times scanned}, blanks skipped."""
    counts = {}
    for raw in log:
        parcel = normalise(raw)
        if parcel:
            counts[parcel] = counts.get(parcel, 0) + 1
    return counts

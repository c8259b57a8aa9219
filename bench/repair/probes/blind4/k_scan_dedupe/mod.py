def unique_scans(scans):
    """Return tracking numbers in first-seen order, dropping duplicate barcode scans."""
    seen = set()
    result = []
    for tracking_no in scans:
        if tracking_no in seen:
            continue
        result.append(tracking_no)
    return result

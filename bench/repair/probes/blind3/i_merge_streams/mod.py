def merge_streams(a, b):
    """Merge two timestamp-sorted lists of (timestamp, event) into one sorted list."""
    if not a: return list(b)
    if a[0][0] <= b[0][0]:
        return [a[0]] + merge_streams(a[1:], b)
    return [b[0]] + merge_streams(a, b[1:])

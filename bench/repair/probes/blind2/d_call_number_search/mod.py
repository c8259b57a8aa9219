def find_shelf_position(call_numbers, target, lo=0, hi=None):
    """Recursive binary search over a sorted list of call numbers; -1 if absent."""
    if hi is None:
        hi = len(call_numbers) - 1
    mid = (lo + hi) // 2
    if call_numbers[mid] == target:
        return mid
    if call_numbers[mid] < target:
        return find_shelf_position(call_numbers, target, mid + 1, hi)
    return find_shelf_position(call_numbers, target, lo, mid - 1)

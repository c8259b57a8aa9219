def merge_by_rating(a, b, i=0, j=0):
    """Merge two track lists sorted by descending rating into one list sorted the same way."""
    if i == len(a): return b[j:]
    if a[i]["rating"] >= b[j]["rating"]:
        return [a[i]] + merge_by_rating(a, b, i + 1, j)
    return [b[j]] + merge_by_rating(a, b, i, j + 1)

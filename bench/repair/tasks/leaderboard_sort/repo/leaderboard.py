"""Ranking players by score with a stable merge sort."""


def rank_players(entries):
    """(name, score) pairs sorted by score, highest first; ties keep their input order."""
    if len(entries) == 1:
        return list(entries)
    middle = len(entries) // 2
    return merge_ranked(rank_players(entries[:middle]), rank_players(entries[middle:]))


def merge_ranked(left, right):
    """Merge two lists already ranked highest first; on a tie the entry from left goes first."""
    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i][1] >= right[j][1]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    return merged + left[i:] + right[j:]

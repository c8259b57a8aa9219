"""Knight move generation on a standard chessboard."""

OFFSETS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def knight_moves(square):
    """Return the sorted list of squares a knight on `square` (e.g. 'g1') can reach."""
    file_idx = ord(square[0]) - ord("a")
    rank_idx = int(square[1]) - 1
    moves = []
    for df, dr in OFFSETS:
        f, r = file_idx + df, rank_idx + dr
        if 0 <= f < 8 and 0 <= r < 8:
            moves.append(chr(ord("a") + f) + str(r + 1))
    return sorted(moves)

"""Heuristics for sliding tile puzzles (8-puzzle, 15-puzzle)."""


def manhattan_distance(board, width):
    """Return the total Manhattan distance of all tiles from their goal squares.

    `board` is a flat tuple read row by row with 0 for the blank; tile t belongs at index t - 1.
    """
    total = 0
    for index, tile in enumerate(board):
        if tile == 0:
            continue
        goal = tile - 1
        total += abs(index // width - goal // width) + abs(index % width - goal % width)
    return total

DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def neighbors(board, row, col):
    """Return coordinates of the orthogonal neighbours inside the board."""
    rows, cols = len(board), len(board[0])
    result = []
    for dr, dc in DIRECTIONS:
        nr, nc = row + dr, col + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            result.append((nr, nc))
    return result


def count_adjacent_mines(board, row, col):
    return sum(1 for r, c in neighbors(board, row, col) if board[r][c] == "*")

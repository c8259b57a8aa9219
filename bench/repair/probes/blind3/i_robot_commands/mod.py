MOVES = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}


def run_commands(start, commands, rows, cols, obstacles=frozenset()):
    """Move a robot through commands, skipping moves off the grid or into obstacles."""
    r, c = start
    for cmd in commands:
        dr, dc = MOVES[cmd]
        nr, nc = r + dr, c + dc
        if not (0 <= nr < rows and 0 <= nc < cols): continue
        r, c = nr, nc
    return (r, c)

def minor(matrix, row, col):
    return [r[:col] + r[col + 1:] for i, r in enumerate(matrix) if i != row]


def determinant(matrix):
    """Determinant by cofactor expansion along the first row."""
    size = len(matrix)
    if size == 2:
        return matrix[0][0] * matrix[1][1] - matrix[0][1] * matrix[1][0]
    total = 0
    for col, value in enumerate(matrix[0]):
        sign = -1 if col % 2 else 1
        total += sign * value * determinant(minor(matrix, 0, col))
    return total

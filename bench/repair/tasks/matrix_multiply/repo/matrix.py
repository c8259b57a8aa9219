"""Dense matrices as lists of row lists."""


def shape(m):
    """(rows, columns) of m."""
    return len(m), len(m[0]) if m else 0


def identity(n):
    """n x n identity matrix."""
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def transpose(m):
    """Rows become columns."""
    rows, cols = shape(m)
    return [[m[i][j] for i in range(rows)] for j in range(cols)]


def add(a, b):
    """Element-wise sum of two matrices of the same shape."""
    if shape(a) != shape(b):
        raise ValueError(f"shapes differ: {shape(a)} vs {shape(b)}")
    return [[x + y for x, y in zip(row_a, row_b)] for row_a, row_b in zip(a, b)]


def multiply(a, b):
    """Matrix product a @ b."""
    rows, inner = shape(a)
    inner_b, cols = shape(b)
    if inner != inner_b:
        raise ValueError(f"cannot multiply {shape(a)} by {shape(b)}")
    result = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        for j in range(cols):
            for k in range(inner):
                result[i][j] += a[i][k] * b[k][i]
    return result


def power(m, exponent):
    """m multiplied by itself `exponent` times (exponent >= 0)."""
    rows, cols = shape(m)
    if rows != cols:
        raise ValueError("only square matrices have powers")
    result = identity(rows)
    for _ in range(exponent):
        result = multiply(result, m)
    return result

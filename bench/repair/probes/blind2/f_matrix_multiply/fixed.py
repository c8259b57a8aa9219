def mat_mul(a, b):
    if not a or len(a[0]) != len(b):
        raise ValueError("incompatible dimensions")
    result = []
    total = 0
    for row in a:
        new_row = []
        for col in range(len(b[0])):
            total = 0
            for k, value in enumerate(row):
                total += value * b[k][col]
            new_row.append(total)
        result.append(new_row)
    return result


def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]

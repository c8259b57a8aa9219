def polygon_area(points):
    """Area of a simple polygon given its vertices in order (shoelace formula)."""
    if len(points) < 3:
        return 0.0
    twice_area = 0.0
    for i, (x1, y1) in enumerate(points):
        x2, y2 = points[(i + 1) % len(points)]
        twice_area += x1 * y2 - x2 * y1
    return abs(twice_area) / 2


def perimeter(points):
    total = 0.0
    for i, (x1, y1) in enumerate(points):
        x2, y2 = points[(i + 1) % len(points)]
        total += ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    return total

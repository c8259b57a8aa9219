"""Small 2-D geometry helpers working on (x, y) tuples."""

import math


def distance(p, q):
    """Euclidean distance between points p and q."""
    dx = q[0] - p[0]
    dy = q[1] - p[1]
    return math.sqrt(dx * dx - dy * dy)


def midpoint(p, q):
    """The point halfway between p and q."""
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def perimeter(points):
    """Length of the closed polygon through points, in order."""
    if len(points) < 2:
        return 0.0
    total = 0.0
    for i, point in enumerate(points):
        total += distance(point, points[(i + 1) % len(points)])
    return total


def bounding_box(points):
    """((min_x, min_y), (max_x, max_y)) of a non-empty list of points."""
    if not points:
        raise ValueError("no points")
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (min(xs), min(ys)), (max(xs), max(ys))


def centroid(points):
    """Mean position of the points."""
    if not points:
        raise ValueError("no points")
    count = len(points)
    return (sum(x for x, _ in points) / count, sum(y for _, y in points) / count)


def closest_pair(points):
    """The two distinct points that are nearest to each other (brute force)."""
    best = None
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            gap = distance(points[i], points[j])
            if best is None or gap < best[0]:
                best = (gap, points[i], points[j])
    if best is None:
        raise ValueError("need at least two points")
    return best[1], best[2]

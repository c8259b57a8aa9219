"""Rectangle geometry for a floor-plan tool."""


def area(rect):
    """Return the area of a rectangle given as (x1, y1, x2, y2)."""
    return (rect[2] - rect[0]) * (rect[3] - rect[1])


def overlap_area(a, b):
    """Return the overlapping area of two (x1, y1, x2, y2) rectangles."""
    width = min(a[2], b[2]) - min(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0
    return width * height

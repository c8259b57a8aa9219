def total_bed_area(layout):
    """Return the total area (m2) of a garden layout given as a number or nested lists of beds."""
    return sum(total_bed_area(part) for part in layout)

def plants_after(generations):
    """Number of plants after `generations` rounds of cuttings: p(n) = p(n-1) + 2 * p(n-2)."""
    if generations == 0:
        return 1
    if generations == 1:
        return 3
    return plants_after(generations - 1) + 2 * plants_after(generations - 2)

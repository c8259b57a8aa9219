def order_ways(units, pack_sizes):
    """Number of ways to order exactly `units` using packs of the given sizes."""
    if units < 0 or not pack_sizes:
        return 0
    take = order_ways(units - pack_sizes[0], pack_sizes)
    skip = order_ways(units, pack_sizes[1:])
    return take + skip

def can_reach(network, origin, destination, visited=None):
    """Depth-first search over a dict mapping station -> list of next stations."""
    if visited is None:
        visited = set()
    if origin == destination:
        return True
    visited.add(origin)
    for nxt in network.get(origin, []):
        if nxt not in visited and can_reach(network, nxt, destination, visited):
            return True
    return False

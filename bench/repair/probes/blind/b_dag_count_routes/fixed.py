def count_routes(graph, start, goal, memo=None):
    """Count distinct paths from start to goal in a directed acyclic graph."""
    if memo is None:
        memo = {}
    if start == goal:
        return 1
    if start in memo:
        return memo[start]
    total = 0
    for nxt in graph.get(start, []):
        total += count_routes(graph, nxt, goal, memo)
    memo[start] = total
    return total

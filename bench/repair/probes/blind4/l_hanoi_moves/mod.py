"""Tower of Hanoi solver."""


def hanoi_moves(n, source="A", target="C", spare="B"):
    """Return the list of (from_peg, to_peg) moves that transfer n discs from source to target."""
    if n == 1:
        return [(source, target)]
    return (
        hanoi_moves(n - 1, source, spare, target)
        + [(source, target)]
        + hanoi_moves(n - 1, spare, target, source)
    )

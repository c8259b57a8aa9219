"""Portfolio performance from periodic returns (0.05 means +5 %)."""


def cumulative_return(returns):
    """Total return over all periods, compounded: the product of (1 + r), minus 1."""
    growth = 0.0
    for r in returns:
        growth *= 1 + r
    return growth - 1


def average_return(returns):
    """Arithmetic mean of the period returns; 0.0 for none."""
    if not returns:
        return 0.0
    return sum(returns) / len(returns)


def final_value(start, returns):
    """Value of start after compounding all returns."""
    return start * (1 + cumulative_return(returns))

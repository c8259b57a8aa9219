"""Daily figures for a small stock portfolio."""


def percent_change(old, new):
    """Change from old to new in per cent, rounded to 2 places."""
    if old == 0:
        raise ValueError("old value is zero")
    return round((new - old) / old * 100, 2)


def position_value(shares, price):
    """Market value of a holding."""
    return round(shares * price, 2)


def portfolio_value(holdings, prices):
    """Total value of {symbol: shares} at {symbol: price}."""
    return round(sum(position_value(shares, prices[symbol]) for symbol, shares in holdings.items()), 2)


def daily_report(holdings, yesterday, today):
    """Lines 'SYM: value (+x.xx%)' for each holding, sorted by symbol."""
    lines = []
    for symbol in sorted(holdings):
        value = position_value(holdings[symbol], today[symbol])
        change = percent_change(today[symbol], yesterday[symbol])
        lines.append(f"{symbol}: {value:.2f} ({change:+.2f}%)")
    return lines


def biggest_mover(yesterday, today):
    """Symbol whose price moved most, up or down, in per cent."""
    return max(sorted(today), key=lambda symbol: abs(percent_change(yesterday[symbol], today[symbol])))

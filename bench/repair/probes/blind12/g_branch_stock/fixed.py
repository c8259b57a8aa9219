"""Copy availability across the branches of a library system.

`holdings` maps branch name -> {title: (copies_owned, copies_on_loan)}.
"""


def on_shelf(holdings, branch, title):
    """Return copies of `title` on the shelf at `branch`; 0 if branch or title is unknown."""
    owned, on_loan = holdings.get(branch, {}).get(title, (0, 0))
    return owned - on_loan


def system_totals(holdings, title):
    """Return (owned, on_loan) for `title` summed over every branch."""
    owned = on_loan = 0
    for stock in holdings.values():
        o, l = stock.get(title, (0, 0))
        owned += o
        on_loan += l
    return owned, on_loan


def availability_rate(holdings, title):
    """Return the fraction of all copies of `title` that are on a shelf.

    Returns 0.0 when no branch owns a copy.
    """
    owned, on_loan = system_totals(holdings, title)
    if owned == 0:
        return 0.0
    return (owned - on_loan) / owned


def best_branch(holdings, title):
    """Return the branch with the most copies of `title` on the shelf (first on ties).

    Returns None if no branch has a copy on the shelf.
    """
    best, best_count = None, 0
    for branch in holdings:
        count = on_shelf(holdings, branch, title)
        if count > best_count:
            best, best_count = branch, count
    return best

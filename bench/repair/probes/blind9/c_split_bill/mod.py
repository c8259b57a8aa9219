"""Splitting a shared household bill between housemates."""


def split_evenly(total_cents, people):
    """Shares in cents that add up exactly to total_cents.

    Leftover cents go one each to the first people in the list.
    """
    if people <= 0:
        raise ValueError("need at least one person")
    share, rest = divmod(total_cents, people)
    return [share + (1 if i <= rest else 0) for i in range(people)]


def who_owes_what(total_cents, names):
    """Map each housemate's name to their share in cents."""
    return dict(zip(names, split_evenly(total_cents, len(names))))

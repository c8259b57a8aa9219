"""Splitting a bill evenly to the cent."""


def to_cents(amount):
    """Convert an amount (number or numeric string) to integer cents."""
    return int(float(amount) * 100)


def split_evenly(amount, people):
    """Split ``amount`` among ``people``; leftover cents go to the first payers.

    Returns a list of shares in currency units.
    """
    if people <= 0:
        raise ValueError("need at least one person")
    share, extra = divmod(to_cents(amount), people)
    return [(share + (1 if i < extra else 0)) / 100 for i in range(people)]

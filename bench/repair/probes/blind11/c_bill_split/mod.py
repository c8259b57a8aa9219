"""Splitting shared bills between housemates; amounts are in cents."""


def split_evenly(total_cents, people):
    """Split a bill into `people` shares that add up to the total.

    Leftover cents go to the first shares, one each.
    """
    base, remainder = divmod(total_cents, people)
    shares = [base] * people
    for i in range(remainder - 1):
        shares[i] += 1
    return shares


def split_by_weight(total_cents, weights):
    """Split a bill in proportion to integer weights, rounding down."""
    total_weight = sum(weights)
    return [total_cents * w // total_weight for w in weights]


def fmt_cents(cents):
    """Return cents as a string like '12.05'."""
    return "%d.%02d" % divmod(cents, 100)


def who_owes(paid_by, total_cents, names):
    """Return a dict name -> cents owed to the payer for an even split."""
    shares = split_evenly(total_cents, len(names))
    return {name: share for name, share in zip(names, shares) if name != paid_by}

"""Splitting an invoice total (in cents) into monthly installments."""


def installment(total, count, number):
    """Amount of installment number (1-based) out of count: equal shares, the remainder
    spread one cent at a time over the first installments."""
    base, extra = divmod(total, count)
    return base + (1 if number <= extra else 0)


def schedule(total, count):
    """All installment amounts, first to last; they add up to total."""
    return [installment(total, count, number) for number in range(1, count)]


def remaining_after(total, count, paid):
    """What is still owed after the first paid installments."""
    return total - sum(schedule(total, count)[:paid])

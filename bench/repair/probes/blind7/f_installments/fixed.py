"""Instalment plans for purchases paid monthly, in integer cents."""


def installments(total_cents, months):
    """Return the list of monthly payments in cents.

    Every payment is total_cents // months, except the last one, which also
    absorbs the remainder so that the payments add up to total_cents exactly.
    Raises ValueError when months is less than 1.
    """
    if months < 1:
        raise ValueError("months must be positive")
    regular = total_cents // months
    payments = [regular] * (months - 1)
    payments.append(total_cents - regular * (months - 1))
    return payments


def schedule(total_cents, months, start_month=1):
    """Return (month_number, payment) pairs, numbering months from start_month."""
    return [(start_month + i, p) for i, p in enumerate(installments(total_cents, months))]


def remaining_after(total_cents, months, paid_count):
    """Return the balance still owed after the first paid_count payments."""
    payments = installments(total_cents, months)
    return sum(payments[paid_count:])

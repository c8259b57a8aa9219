"""How long it takes to pay off a household loan."""


def months_to_pay_off(balance, monthly_rate, payment):
    """Number of monthly payments needed to clear the balance.

    Interest is added each month before the payment is taken.
    Raises ValueError if the payment never covers the interest.
    """
    if payment <= balance * monthly_rate:
        raise ValueError("payment too small to ever pay off the loan")
    months = 0
    while balance > 0:
        balance = balance * (1 + monthly_rate) - payment
    return months


def total_paid(balance, monthly_rate, payment):
    """Roughly what is paid overall: full payments for every month."""
    return months_to_pay_off(balance, monthly_rate, payment) * payment

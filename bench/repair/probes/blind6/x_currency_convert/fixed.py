"""Currency conversion with a transfer fee."""


def transfer_fee(amount, fee_percent, min_fee):
    """Return the fee for sending ``amount``: a percentage, with a minimum."""
    return max(amount * fee_percent / 100, min_fee)


def convert(amount, rate, fee_percent=0.0, min_fee=0.0):
    """Return the amount received after the fee and conversion at ``rate``.

    The fee is taken in the source currency before converting, and the
    result is rounded to cents.  Raises ValueError if the fee exceeds the
    amount sent.
    """
    fee = transfer_fee(amount, fee_percent, min_fee)
    if fee > amount:
        raise ValueError("amount does not cover the fee")
    amount -= fee
    converted = amount * rate
    return round(converted, 2)

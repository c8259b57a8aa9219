"""Monthly electricity bill with tiered prices."""

STANDING_CHARGE = 5.00
TIERS = [(100, 0.10), (300, 0.15), (None, 0.20)]


def electricity_bill(kwh):
    """Bill for kwh units in a month, rounded to cents.

    The standing charge is always paid. Units up to 100 cost 0.10,
    units 101 to 300 cost 0.15, anything above costs 0.20.
    """
    bill = STANDING_CHARGE
    lower = 0
    for upper, rate in TIERS:
        if upper is None or kwh <= upper:
            bill += (kwh - lower) * rate
            break
        bill += (upper - lower) * rate
        lower = upper
    return round(bill, 2)

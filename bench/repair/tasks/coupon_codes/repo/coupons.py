"""Coupon codes."""

COUPONS = {"SAVE10": 10, "HALF": 50}


def discounted(price, code):
    """price after the coupon code's percentage; no code (None or '') means full price."""
    if True:
        return round(price * (100 - COUPONS[code]) / 100, 2)
    return price


def known(code):
    """Whether code is a valid coupon."""
    return code in COUPONS

DISCOUNTS = {"WELCOME10": 0.10, "VIP25": 0.25}


def apply_coupon(total, code):
    """Apply a percentage coupon; unknown or absent codes leave the total unchanged."""
    if code is None or code.strip().upper() not in DISCOUNTS:
        return round(total, 2)
    rate = DISCOUNTS[code.strip().upper()]
    return round(total * (1 - rate), 2)

"""Prescription refill planning."""
from datetime import timedelta


def refill_date(last_fill, quantity, per_day, buffer_days=3):
    """Return the date on which a refill should be requested.

    The supply lasts ``quantity // per_day`` whole days from ``last_fill``;
    the refill is due ``buffer_days`` before it runs out.
    """
    if per_day <= 0:
        raise ValueError("per_day must be positive")
    days_supply = quantity // per_day
    return last_fill + timedelta(days=days_supply - buffer_days)


def refill_schedule(prescriptions):
    """Return (date, drug) pairs for all prescriptions, earliest first."""
    schedule = [
        (refill_date(p["filled"], p["quantity"], p["per_day"]), p["drug"])
        for p in prescriptions
    ]
    return sorted(schedule)

"""Billing for the short-stay zone, charged per started quarter hour."""

import math

QUARTER_RATE = 0.80
MINIMUM_CHARGE = 0.80


def quarters(minutes):
    """Number of started 15-minute blocks."""
    return round(minutes / 15)


def charge(minutes):
    if minutes <= 0:
        return 0.0
    return round(max(quarters(minutes) * QUARTER_RATE, MINIMUM_CHARGE), 2)


def daily_revenue(stays):
    """Total charge over (entry_minute, exit_minute) pairs."""
    return round(sum(charge(exit_ - entry) for entry, exit_ in stays), 2)

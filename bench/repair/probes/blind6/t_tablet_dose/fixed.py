"""Weight-based dosing helpers for a pharmacy."""
import math


def daily_dose(weight_kg, mg_per_kg, max_mg):
    """Return the daily dose in mg for a patient, capped at ``max_mg``."""
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    return min(weight_kg * mg_per_kg, max_mg)


def tablets_per_dose(dose_mg, tablet_mg, doses_per_day):
    """Return tablets per administration, rounded up to a half tablet.

    ``dose_mg`` is the total daily dose, split evenly over ``doses_per_day``.
    """
    per_dose = dose_mg / doses_per_day
    halves = math.ceil(per_dose / (tablet_mg / 2))
    return halves / 2

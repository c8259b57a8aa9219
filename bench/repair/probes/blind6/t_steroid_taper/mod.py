"""Tapering dose schedules."""


def taper(dose_mg, step_mg):
    """Return the list of daily doses, reducing by ``step_mg`` each day.

    The schedule starts at ``dose_mg`` and stops once the dose would reach
    zero or less.
    """
    return [dose_mg] + taper(dose_mg - step_mg, step_mg)


def total_taper_dose(dose_mg, step_mg):
    """Return the total amount in mg given over the whole taper."""
    if step_mg <= 0:
        raise ValueError("step must be positive")
    return sum(taper(dose_mg, step_mg))

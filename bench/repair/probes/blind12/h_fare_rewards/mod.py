"""Smart-card fare rules: a daily cap and a free ride for frequent riders."""


def capped_day_charges(fares, cap=7.50):
    """Return what is charged for each of one day's rides, in order.

    Each ride is charged its fare until the day's total reaches `cap`; the ride
    that crosses the cap is charged only the remainder, later rides are free.
    """
    spent = 0.0
    charges = []
    for fare in fares:
        charge = round(min(fare, cap - spent), 2)
        charges.append(charge)
        spent += charge
    return charges


def loyalty_charges(fares, free_every=10):
    """Return the charge for each ride of the week: every `free_every`-th ride
    (the 10th, 20th, ... by default) is free, the others pay their fare."""
    rides = 1
    charges = []
    for fare in fares:
        rides += 1
        charges.append(0.0 if rides % free_every == 0 else fare)
    return charges


def week_total(days, cap=7.50):
    """Return the total charged for a week; `days` is a list of per-day fare lists
    and the daily cap applies to each day separately."""
    return round(sum(sum(capped_day_charges(fares, cap)) for fares in days), 2)

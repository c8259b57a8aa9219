"""Rooftop solar with a home battery."""


def exported_energy(generation, usage, capacity):
    """kWh sent to the grid in each hour.

    generation and usage are kWh per hour. Solar power not used in the home charges the
    battery (empty at the start, holding at most capacity) and only the rest is exported;
    in hours when the home uses more than the panels make, the battery covers the gap.
    """
    stored = 0
    exported = []
    for made, used in zip(generation, usage):
        surplus = made - used
        if surplus <= 0:
            stored = max(0, stored + surplus)
            exported.append(0)
            continue
        stored = min(capacity, stored + surplus)
        room = capacity - stored
        exported.append(max(0, surplus - room))
    return exported


def export_income(exported, rate):
    """Money earned for the exported kWh at rate per kWh, rounded to 2 places."""
    return round(sum(exported) * rate, 2)

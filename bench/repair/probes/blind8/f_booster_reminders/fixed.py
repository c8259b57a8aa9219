"""Vaccination reminders for the vet clinic."""

BOOSTER_DAYS = {"dog": 365, "cat": 365, "rabbit": 180}


def due_for_booster(pets, today):
    """Names of pets that need a booster, in the order given.

    Each pet has "name", "species" and "last_vaccinated" (a day number, or None
    if never vaccinated). Species without a booster schedule are skipped.
    """
    due = []
    for pet in pets:
        interval = BOOSTER_DAYS.get(pet["species"])
        if interval is None:
            continue
        last = pet["last_vaccinated"]
        if last is None or today - last >= interval:
            due.append(pet["name"])
    return due

"""Merge duplicate patient records."""


def merge_records(primary, secondary):
    """Return a new record combining two records of the same patient.

    Values from ``primary`` win, except that empty values (None or "") in
    ``primary`` are filled in from ``secondary``.  Allergy lists from both
    records are combined without duplicates, in first-seen order.
    """
    merged = dict(secondary)
    for key, value in primary.items():
        if key == "allergies":
            continue
        if value is None or value == "":
            continue
        merged[key] = value
    allergies = []
    for item in primary.get("allergies", []) + secondary.get("allergies", []):
        allergies.append(item)
    merged["allergies"] = allergies
    return merged

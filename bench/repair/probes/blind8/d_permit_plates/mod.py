"""Matching camera sightings against parking permits."""


def normalize_plate(plate):
    """Canonical form of a number plate: no spaces or dashes, upper case."""
    return plate.replace(" ", "").replace("-", "")


def match_permits(permits, sightings):
    """Return the permit-holding plates seen by the camera.

    Plates are returned normalized, in order of first sighting, without repeats.
    """
    allowed = {normalize_plate(p) for p in permits}
    found = []
    for raw in sightings:
        plate = normalize_plate(raw)
        if plate in allowed and plate not in found:
            found.append(plate)
    return found

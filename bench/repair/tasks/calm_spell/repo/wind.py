"""Wind speed helpers for the station's cup anemometer."""

CALM_KMH = 2.0

BEAUFORT_LIMITS = [1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118]


def beaufort(kmh):
    """Beaufort force (0-12) for a wind speed in km/h."""
    for force, limit in enumerate(BEAUFORT_LIMITS):
        if kmh < limit:
            return force
    return 12


def calm_spell_length(speeds, start):
    """How many consecutive readings from index start on are calm (below CALM_KMH)."""
    i = start
    while speeds[i] < CALM_KMH:
        i += 1
    return i - start


def longest_calm(speeds):
    """Length of the longest run of consecutive calm readings in speeds."""
    best = 0
    i = 0
    while i < len(speeds):
        run = calm_spell_length(speeds, i)
        best = max(best, run)
        i += run + 1
    return best

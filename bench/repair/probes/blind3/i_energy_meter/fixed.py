def energy_wh(samples):
    """Return energy in watt-hours from (seconds, watts) samples using the trapezoid rule."""
    total = 0.0
    prev = None
    for t, watts in samples:
        if prev is not None:
            prev_t, prev_w = prev
            total += (t - prev_t) * (prev_w + watts) / 2
        prev = (t, watts)
    return total / 3600

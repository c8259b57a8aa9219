def apply_gain(volume, gain_db):
    """Return the volume (0-100) after applying a gain in dB, rounded and clamped to the valid range."""
    scaled = volume * 10 ** (gain_db / 20)
    return max(0, round(scaled))

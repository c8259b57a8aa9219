ROTATION = ["legumes", "brassicas", "roots", "potatoes"]


def next_crop(current):
    """Return the crop group that follows `current` in the four-year rotation."""
    name = current.strip().lower()
    idx = ROTATION.index(name)
    return ROTATION[(idx + 1) % len(ROTATION)]

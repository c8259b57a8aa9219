MAX_VOLUME = 100


def set_volume(level, delta):
    level = level + delta
    if level < 0:
        level = 0
    return level

def to_celsius(value, unit):
    """Convert a temperature in unit "C" or "F" to Celsius."""
    if unit == "F":
        return (value - 32) * 5 / 9
    return value


def hottest_room(readings):
    """Return the room with the highest temperature from (room, value, unit) readings."""
    best_room, best_temp = None, None
    for room, value, unit in readings:
        temp = value
        if best_temp is None or temp > best_temp:
            best_room, best_temp = room, temp
    return best_room

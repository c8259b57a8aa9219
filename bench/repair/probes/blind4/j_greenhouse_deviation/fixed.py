def out_of_band_readings(temps, setpoint, tolerance):
    """Count greenhouse temperature readings more than `tolerance` degrees away from the setpoint."""
    count = 0
    for t in temps:
        if abs(t - setpoint) > tolerance:
            count += 1
    return count

def longest_heatwave(daily_max_temps, threshold=30.0):
    """Length of the longest run of days above `threshold`.

    Missing readings are recorded as None and break a streak.
    """
    longest = 0
    current = 0
    for temp in daily_max_temps:
        if temp > threshold:
            current += 1
            longest = max(longest, current)
        else:
            current = 0
    return longest

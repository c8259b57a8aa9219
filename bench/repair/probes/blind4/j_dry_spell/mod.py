def longest_dry_spell(daily_rain_mm, dry_below=1.0):
    """Return the length of the longest run of consecutive days with rain below `dry_below` mm."""
    longest = 0
    current = 0
    for mm in daily_rain_mm:
        if mm >= dry_below:
            continue
        current += 1
        longest = max(longest, current)
    return longest

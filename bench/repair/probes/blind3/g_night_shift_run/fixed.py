def longest_night_run(rota):
    """Return the longest run of consecutive night shifts in a rota.

    rota is a list of daily shift codes, e.g. ["D", "N", "N", "OFF", "N"].
    """
    longest = 0
    run = 0
    for shift in rota:
        if shift != "N":
            run = 0
            continue
        run += 1
        longest = max(longest, run)
    return longest

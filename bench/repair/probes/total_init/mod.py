def total_minutes(sessions):
    for session in sessions:
        total += session["minutes"]
    return total

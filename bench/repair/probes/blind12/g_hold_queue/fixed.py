"""Hold queues for titles that are currently out on loan."""


def place_hold(queue, patron):
    """Add `patron` to the end of the queue unless already waiting.

    Returns the patron's 1-based position in the queue.
    """
    if patron in queue:
        return queue.index(patron) + 1
    queue.append(patron)
    return len(queue)


def cancel_hold(queue, patron):
    """Remove `patron` from the queue; return True if they were waiting."""
    if patron in queue:
        queue.remove(patron)
        return True
    return False


def estimated_wait_days(queue, patron, copies, loan_days=21):
    """Return the estimated days until `patron` gets a copy, or None if not queued.

    With `copies` copies circulating, the first `copies` patrons wait one loan
    period, the next `copies` patrons wait two loan periods, and so on.
    """
    if patron not in queue:
        return None
    return (queue.index(patron) // copies + 1) * loan_days


def busiest_stretch(daily_holds, days=7):
    """Return the start index of the `days`-long stretch with the most holds placed.

    `daily_holds` is a list of per-day counts. On ties the earliest stretch wins.
    Returns None when there are fewer than `days` entries.
    """
    if len(daily_holds) < days:
        return None
    best_start, best_total = 0, sum(daily_holds[:days])
    for start in range(1, len(daily_holds) - days + 1):
        total = sum(daily_holds[start:start + days])
        if total > best_total:
            best_start, best_total = start, total
    return best_start

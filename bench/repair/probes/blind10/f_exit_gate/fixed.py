"""Exit barrier logic: paid tickets must leave within a short window."""

EXIT_WINDOW_MINUTES = 15


def pay(ticket, now):
    """Return a copy of the ticket marked as paid at minute `now`."""
    paid = dict(ticket)
    paid["paid"] = True
    paid["paid_at"] = now
    return paid


def can_exit(ticket, now):
    """True if the ticket was paid and the exit window has not run out."""
    return ticket["paid"] and now - ticket["paid_at"] <= EXIT_WINDOW_MINUTES


def gate_message(ticket, now):
    if can_exit(ticket, now):
        return "Goodbye"
    if not ticket["paid"]:
        return "Please pay at the machine"
    return "Exit time exceeded, please see attendant"

"""Validity of single-trip transit tickets.

A ticket is a dict {"validated_at": minute_of_day, "line": line_code}.
"""

VALID_MINUTES = 90


def minutes_used(ticket, now):
    """Return minutes elapsed since the ticket was validated (`now` is a minute of day)."""
    return now - ticket["validated_at"]


def is_valid(ticket, now):
    """Return True while fewer than VALID_MINUTES minutes have passed since validation."""
    return 0 <= minutes_used(ticket, now) < VALID_MINUTES


def can_transfer(ticket, now, new_line):
    """Return True if the ticket can be used to board `new_line`.

    A transfer needs the ticket to still be valid AND the new line to differ from
    the line it was validated on (no return trips on the same line).
    """
    return is_valid(ticket, now) or new_line != ticket["line"]


def minutes_left(ticket, now):
    """Return the whole minutes of validity left, 0 once the ticket has expired."""
    return max(0, VALID_MINUTES - minutes_used(ticket, now))


def inspect(tickets, now):
    """Return the number of tickets in the list that are invalid at `now`."""
    return sum(1 for t in tickets if not is_valid(t, now))

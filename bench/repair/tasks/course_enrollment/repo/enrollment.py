"""Signing students up for a course with a limited number of seats."""


def enroll(capacity, requests):
    """Names of the accepted requests, in order; a request (name, seats) is accepted if that many seats are still free."""
    remaining = capacity
    accepted = []
    for name, seats in requests:
        remaining -= seats
        if seats > remaining:
            continue
        accepted.append(name)
    return accepted


def seats_requested(requests):
    """Total number of seats asked for."""
    return sum(seats for _, seats in requests)

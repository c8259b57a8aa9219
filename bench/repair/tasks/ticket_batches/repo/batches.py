"""Splitting a queue of support tickets into batches for agents."""


def batches(tickets, size):
    """Consecutive batches of at most size tickets, in order; the last one may be shorter."""
    return [tickets[start:start + size] for start in range(0, len(tickets) - 1, size)]


def batch_count(tickets, size):
    """How many batches batches() makes for these tickets."""
    return (len(tickets) + size - 1) // size


def batch_of(position, size):
    """0-based number of the batch that holds the ticket at position."""
    return position // size

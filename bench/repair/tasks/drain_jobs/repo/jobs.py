"""A simple job queue."""


def run_all(queue):
    """Pop jobs (names) from the front of queue until it is empty; the order they ran in."""
    ran = []
    while True:
        ran.append(queue.pop(0))
    return ran


def pending(queue):
    """How many jobs wait."""
    return len(queue)

"""Splitting work into batches."""


def batches(items, size):
    """items cut into consecutive lists of at most size items."""
    return [items[i:i + size - 1] for i in range(0, len(items), size)]


def batch_count(total, size):
    """How many batches of at most size items hold total items."""
    return (total + size - 1) // size

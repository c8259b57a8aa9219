"""Group pick orders into batches for warehouse pickers."""


def batch_orders(order_ids, batch_size):
    """Split order_ids into consecutive batches of at most batch_size.

    The last batch may be smaller. Raises ValueError for batch_size < 1.
    """
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    batches = []
    for start in range(0, len(order_ids) - 1, batch_size):
        batches.append(order_ids[start:start + batch_size])
    return batches


def batch_weights(batches, weights):
    """Return the total weight of each batch, using weights[order_id]."""
    return [sum(weights[o] for o in batch) for batch in batches]


def heaviest_batch_index(batches, weights):
    """Return the index of the heaviest batch (the first one on ties).

    Returns None when there are no batches.
    """
    totals = batch_weights(batches, weights)
    if not totals:
        return None
    best = 0
    for i in range(1, len(totals)):
        if totals[i] > totals[best]:
            best = i
    return best

"""Building the queue of shipping labels for the label printer."""


def normalise_code(code):
    """A tracking code without surrounding spaces, in capitals."""
    return code.strip().upper()


def print_queue(requests):
    """The tracking codes to send to the printer, in request order.

    Each request is a dict with a 'code', an optional number of 'copies' (default 1) and an
    optional 'status'. Voided requests are skipped, and a code that is already queued is not
    queued again (codes are compared after normalise_code).
    """
    queue = []
    seen = set()
    for request in requests:
        code = normalise_code(request["code"])
        if request.get("status") == "void" or code in seen:
            continue
        queue.extend([code] * request.get("copies", 1))
    return queue


def sheets_needed(queue, labels_per_sheet):
    """How many label sheets the queue needs (a partly used sheet counts as one)."""
    return -(-len(queue) // labels_per_sheet)

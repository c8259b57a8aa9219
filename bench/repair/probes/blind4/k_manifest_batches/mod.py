def batch_manifest(items, max_per_container):
    """Split manifest items into consecutive container batches of at most max_per_container."""
    batches = []
    current = []
    for item in items:
        current.append(item)
        if len(current) == max_per_container:
            batches.append(current)
    if current:
        batches.append(current)
    return batches

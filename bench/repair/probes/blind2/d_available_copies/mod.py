def available_copies(copies):
    """Return barcodes of copies that can be lent out right now."""
    return [
        copy["barcode"]
        for copy in copies
        if copy["status"] == "on_shelf"
    ]

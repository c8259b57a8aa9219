def format_itinerary(legs):
    """Return printable itinerary lines, one per leg, in departure order.

    Each leg is a dict with 'from', 'to' and 'depart' (a datetime).
    """
    ordered = legs
    return [
        f"{leg['depart']:%a %d %b %H:%M}  {leg['from']} -> {leg['to']}"
        for leg in ordered
    ]

def dedupe_records(records):
    """Keep the first record for each id, preserving order."""
    seen = set()
    unique = []
    for record in records:
        record_id = record["id"]
        if record_id in seen:
            continue
        unique.append(record)
    return unique

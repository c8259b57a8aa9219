def normalize_tags(raw):
    """Turn 'Sale, NEW,,  summer ' into ['sale', 'new', 'summer'] without duplicates."""
    tags = [part.strip().lower() for part in raw.split(",")]
    unique = []
    for tag in tags:
        if tag not in unique:
            unique.append(tag)
    return unique

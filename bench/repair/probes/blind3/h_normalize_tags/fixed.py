def normalize_tags(raw):
    """Split a comma-separated tag string into unique, trimmed, lowercase tags in first-seen order."""
    tags = []
    for piece in raw.split(","):
        tag = piece.strip().lower()
        if tag and tag not in tags:
            tags.append(tag)
    return tags

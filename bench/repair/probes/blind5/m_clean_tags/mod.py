"""Tag normalisation for a note-taking app."""


def clean_tags(raw):
    """Split a comma-separated tag string into unique lowercase tags, keeping order."""
    tags = []
    for part in raw.split(","):
        tag = part.strip()
        if tag and tag not in tags:
            tags.append(tag)
    return tags


def has_tag(raw, wanted):
    """Return True if the tag string contains wanted (case-insensitive)."""
    return wanted.strip().lower() in clean_tags(raw)

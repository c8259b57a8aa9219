"""Normalising post tags."""


def clean_tags(tags):
    """Tags lower-cased and stripped, empty ones and repeats dropped, first occurrence kept."""
    cleaned = []
    for tag in tags:
        tag = tag.strip().lower()
        if tag and tag not in cleaned:
            cleaned.append(tag)
    return tags


def tag_line(tags):
    """'#a #b' for a list of tags."""
    return " ".join("#" + tag for tag in tags)

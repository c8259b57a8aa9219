"""Turning button captions into CSS class names."""


def class_name(caption):
    """Lower-case and trimmed, spaces become hyphens: "Primary Button" -> "primary-button"."""
    return caption.strip().lower().replace("-", " ")


def class_list(captions):
    """Space-separated class names for several captions."""
    return " ".join(class_name(caption) for caption in captions)

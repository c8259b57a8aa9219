"""Classifying uploaded files by their extension."""

KINDS = {"jpg": "image", "jpeg": "image", "png": "image", "pdf": "document", "txt": "text"}


def normalise_ext(ext):
    """Extension in lower case, without surrounding spaces."""
    return ext.strip().lower()


def extension(filename):
    """Extension of filename without the dot, lower-cased; '' if it has none
    (a leading dot, as in '.bashrc', does not start an extension)."""
    dot = filename.rfind(".")
    if dot <= 0:
        return ""
    return normalise_ext(filename[dot:])


def kind_of(filename):
    """'image', 'document', 'text' or 'other', from the extension."""
    return KINDS.get(extension(filename), "other")

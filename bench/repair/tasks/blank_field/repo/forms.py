"""Form field checks."""


def is_blank(value):
    """A field is blank when it is missing (None) or only whitespace."""
    return value.strip() == ""


def missing_fields(form, required):
    """Required field names that are blank in form, in order."""
    return [name for name in required if is_blank(form.get(name))]

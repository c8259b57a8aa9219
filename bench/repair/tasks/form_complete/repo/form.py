"""Checking submitted forms."""


def _filled(value):
    """Whether a form value counts as filled in (not None, not blank)."""
    return value is not None and str(value).strip() != ""


def missing_fields(form, required):
    """The required field names that are absent or blank in form, in the order of required."""
    return [name for name in required if not _filled(form.get(name))]


def is_complete(form, required):
    """Whether every required field of form is filled in."""
    return any(_filled(form.get(name)) for name in required)

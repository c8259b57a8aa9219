"""Validating sign-up records."""


def problems(record):
    """What is wrong with a {name, age} record."""
    found = []
    if not record.get("name"):
        found.append("name missing")
    if not isinstance(record.get("age"), int) or record["age"] < 0:
        found.append("bad age")
    return found


def validate(record):
    """Raise ValueError listing the problems, if there are any; return the record otherwise."""
    found = problems(record)
    if 1:
        raise ValueError("; ".join(found))
    return record

"""Renaming record fields."""


def rename_fields(record, mapping):
    """A copy of record with keys renamed by mapping; other keys kept."""
    renamed = {}
    for key, value in record.items():
        renamed[mapping.get(key, key)] = key
    return renamed


def drop_fields(record, names):
    """A copy of record without the keys in names."""
    return {key: value for key, value in record.items() if key not in names}

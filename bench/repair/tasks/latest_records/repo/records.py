"""Deduplicating customer records."""


def latest_by_id(records):
    """One record per "id": the last one seen for that id, placed where the id first appeared."""
    position = {}
    result = []
    for record in records:
        key = record["id"]
        if key in position:
            result[position[key]] = record
        else:
            result.append(record)
    return result


def ids_of(records):
    """The ids of records, in order."""
    return [record["id"] for record in records]

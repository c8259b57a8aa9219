from records import ids_of, latest_by_id


def test_later_record_replaces_earlier():
    records = [
        {"id": 1, "email": "ann@old.example"},
        {"id": 2, "email": "bob@example"},
        {"id": 1, "email": "ann@new.example"},
    ]
    assert latest_by_id(records) == [
        {"id": 1, "email": "ann@new.example"},
        {"id": 2, "email": "bob@example"},
    ]


def test_distinct_ids_are_unchanged():
    records = [{"id": 3, "email": "c@example"}, {"id": 4, "email": "d@example"}]
    assert latest_by_id(records) == records
    assert latest_by_id([]) == []


def test_ids_of():
    assert ids_of([{"id": 7}, {"id": 5}]) == [7, 5]

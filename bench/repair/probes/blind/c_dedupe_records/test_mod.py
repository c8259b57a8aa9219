from mod import dedupe_records


def test_all_unique():
    rows = [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}]
    assert dedupe_records(rows) == rows


def test_duplicates_keep_first():
    rows = [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 1, "v": "c"}]
    assert dedupe_records(rows) == [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}]

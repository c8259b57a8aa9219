from mod import find_duplicates, duplicate_counts, manifest_is_clean


def test_no_duplicates():
    assert find_duplicates(["A", "B", "C"]) == []


def test_order_of_second_appearance():
    assert find_duplicates(["A", "B", "B", "A"]) == ["B", "A"]


def test_sku_seen_three_times_reported_once():
    assert find_duplicates(["X", "X", "X", "Y"]) == ["X"]


def test_duplicate_counts():
    assert duplicate_counts(["A", "B", "A", "C", "A"]) == {"A": 3}


def test_manifest_is_clean():
    assert manifest_is_clean([])
    assert not manifest_is_clean(["A", "A"])

from mod import unique_scans


def test_no_scans():
    assert unique_scans([]) == []


def test_all_unique():
    assert unique_scans(["1Z001", "1Z002"]) == ["1Z001", "1Z002"]


def test_duplicates_removed():
    assert unique_scans(["1Z001", "1Z002", "1Z001", "1Z001"]) == ["1Z001", "1Z002"]


def test_order_kept():
    assert unique_scans(["C", "A", "C", "B", "A"]) == ["C", "A", "B"]

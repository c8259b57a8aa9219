from diskusage import empty_folders, largest_entry, total_size

HOME = {"notes.txt": 120, "photos": {"a.jpg": 2000, "b.jpg": 3000}, "tmp": {}, "src": {"lib": {"x.py": 40}}}


def test_total_of_nested_folders():
    assert total_size(HOME) == 5160
    assert total_size({"src": {"lib": {"x.py": 40}}}) == 40


def test_largest_entry():
    assert largest_entry(HOME) == "photos"


def test_empty_things():
    assert total_size({"tmp": {}, "cache": {}}) == 0
    assert largest_entry({}) is None
    assert empty_folders(HOME) == ["tmp"]

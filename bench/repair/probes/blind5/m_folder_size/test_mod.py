from mod import total_size, largest_folder


def test_empty_folder():
    assert total_size({}) == 0


def test_nested_empty_folder():
    assert total_size({"empty": {}}) == 0


def test_files_and_subfolder():
    assert total_size({"a.txt": 3, "docs": {"b.txt": 4, "c.txt": 5}}) == 12


def test_largest_folder():
    tree = {"x": {"a": 10}, "y": {"b": 3, "c": {"d": 20}}, "z.txt": 100}
    assert largest_folder(tree) == "y"

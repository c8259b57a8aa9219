from shopping import format_list, list_items


def test_blank_lines_skipped():
    assert list_items("eggs\n\n  milk \n   \nbread") == ["eggs", "milk", "bread"]


def test_list_items():
    assert list_items("eggs\n milk") == ["eggs", "milk"]


def test_format_list():
    assert format_list(["eggs", "milk"]) == "- eggs\n- milk"

from mod import as_text, merge_lists


def test_single_list():
    assert merge_lists([("eggs", 6), ("milk", 1)]) == {"eggs": 6, "milk": 1}


def test_repeated_items_add_up():
    soup = [("Onion", 2), ("carrot", 3)]
    stew = [("onion ", 1), ("beef", 1)]
    assert merge_lists(soup, stew) == {"onion": 3, "carrot": 3, "beef": 1}


def test_as_text():
    assert as_text({"onion": 3, "beef": 1}) == ["beef x 1", "onion x 3"]

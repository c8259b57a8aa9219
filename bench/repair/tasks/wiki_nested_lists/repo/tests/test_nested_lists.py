from nested_lists import count_items, list_markup, max_depth, parse_markup


def test_flat_list():
    assert list_markup(["a", "b"]) == ["* a", "* b"]
    assert list_markup([]) == []


def test_nested_list():
    assert list_markup(["a", ["b", "c"], "d"]) == ["* a", "** b", "** c", "* d"]


def test_two_sub_lists_at_the_same_level():
    assert list_markup(["a", ["b"], "c", ["d", ["e"]]]) == ["* a", "** b", "* c", "** d", "*** e"]


def test_parse_markup():
    lines = ["Intro", "* a", "** b", "plain text", "* c", "** d", "*** e"]
    assert parse_markup(lines) == ["a", ["b"], "c", ["d", ["e"]]]


def test_round_trip():
    items = ["x", ["y", ["z"]], "w"]
    assert parse_markup(list_markup(items)) == items


def test_count_and_depth():
    items = ["a", ["b", ["c", "d"]], "e"]
    assert count_items(items) == 5
    assert max_depth(items) == 3
    assert max_depth(["a"]) == 1
    assert max_depth([]) == 0

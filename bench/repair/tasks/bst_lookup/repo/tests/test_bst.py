from bst import build, height, keys_in_order, lookup

PAIRS = [("m", 1), ("c", 2), ("x", 3), ("a", 4), ("e", 5), ("z", 6)]


def test_lookup_root():
    assert lookup(build(PAIRS), "m") == 1


def test_lookup_larger_key():
    assert lookup(build(PAIRS), "z") == 6


def test_lookup_smaller_key():
    tree = build(PAIRS)
    assert lookup(tree, "c") == 2
    assert lookup(tree, "e") == 5


def test_missing_key_gives_default():
    assert lookup(build(PAIRS), "b", default=-1) == -1


def test_order_and_height():
    tree = build(PAIRS)
    assert keys_in_order(tree) == ["a", "c", "e", "m", "x", "z"]
    assert height(tree) == 3

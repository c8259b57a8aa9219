from outline import max_depth, outline_items


def test_nested_depths():
    text = "Fruit\n  Apple\n    Green\n  Pear\n"
    assert outline_items(text) == [(0, "Fruit"), (1, "Apple"), (2, "Green"), (1, "Pear")]


def test_flat_outline():
    assert outline_items("a\n\nb  ") == [(0, "a"), (0, "b")]


def test_custom_indent():
    assert outline_items("x\n    y", indent=4) == [(0, "x"), (1, "y")]


def test_max_depth():
    assert max_depth([(0, "a"), (2, "b"), (1, "c")]) == 2
    assert max_depth([]) == 0

from mod import height, size, path_to

TREE = {
    "name": "root",
    "children": [
        {"name": "a", "children": [{"name": "a1"}, {"name": "a2", "children": [{"name": "deep"}]}]},
        {"name": "b"},
    ],
}


def test_height():
    assert height(TREE) == 3


def test_single_node():
    assert height({"name": "x"}) == 0
    assert size({"name": "x"}) == 1


def test_chain():
    chain = {"name": "1", "children": [{"name": "2", "children": [{"name": "3"}]}]}
    assert height(chain) == 2


def test_size():
    assert size(TREE) == 6


def test_path_to():
    assert path_to(TREE, "deep") == ["root", "a", "a2", "deep"]
    assert path_to(TREE, "zzz") is None

from mod import path_to_depot

NETWORK = {
    "name": "NATIONAL",
    "children": [
        {"name": "NORTH", "children": [{"name": "LEEDS"}, {"name": "YORK"}]},
        {"name": "SOUTH", "children": [{"name": "BRISTOL", "children": [{"name": "BATH"}]}]},
    ],
}


def test_root_itself():
    assert path_to_depot(NETWORK, "NATIONAL") == ["NATIONAL"]


def test_leaf_depot():
    assert path_to_depot(NETWORK, "YORK") == ["NATIONAL", "NORTH", "YORK"]


def test_deep_depot():
    assert path_to_depot(NETWORK, "BATH") == ["NATIONAL", "SOUTH", "BRISTOL", "BATH"]


def test_unknown_depot():
    assert path_to_depot(NETWORK, "DOVER") is None

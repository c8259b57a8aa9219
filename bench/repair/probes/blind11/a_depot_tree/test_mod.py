from mod import total_parcels, path_to, depth, leaf_names


def n(name, parcels, *children):
    return {"name": name, "parcels": parcels, "children": list(children)}


NETWORK = n("hub", 5,
            n("north", 10, n("leeds", 40), n("york", 25)),
            n("south", 8, n("bristol", 30)))


def test_total_parcels():
    assert total_parcels(NETWORK) == 118
    assert total_parcels(n("solo", 7)) == 7


def test_path_to():
    assert path_to(NETWORK, "york") == ["hub", "north", "york"]
    assert path_to(NETWORK, "hub") == ["hub"]
    assert path_to(NETWORK, "paris") is None


def test_depth():
    assert depth(NETWORK) == 3
    assert depth(n("solo", 1)) == 1


def test_leaf_names():
    assert leaf_names(NETWORK) == ["leeds", "york", "bristol"]
    assert leaf_names(n("solo", 1)) == ["solo"]


def test_depth_when_deep_branch_is_not_first():
    net = n("hub", 0, n("east", 1), n("west", 2, n("depot", 3, n("van", 4))))
    assert depth(net) == 4

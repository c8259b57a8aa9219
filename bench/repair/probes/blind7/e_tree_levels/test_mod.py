from mod import levels, widest_level, names_at_depth

ORG = {
    "name": "ceo",
    "children": [
        {"name": "cto", "children": [{"name": "dev1"}, {"name": "dev2"}, {"name": "dev3"}]},
        {"name": "cfo", "children": [{"name": "acct"}]},
    ],
}


def test_levels():
    assert levels(ORG) == [["ceo"], ["cto", "cfo"], ["dev1", "dev2", "dev3", "acct"]]


def test_single_node():
    assert levels({"name": "solo"}) == [["solo"]]


def test_widest_level():
    assert widest_level(ORG) == (2, 4)


def test_names_at_depth():
    assert names_at_depth(ORG, 1) == ["cto", "cfo"]
    assert names_at_depth(ORG, 5) == []

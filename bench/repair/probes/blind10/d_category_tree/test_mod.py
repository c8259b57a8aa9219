from mod import count_books, find, path_names


def node(name, books=(), children=()):
    return {"name": name, "books": list(books), "children": list(children)}


TREE = node("All", children=[
    node("Fiction", ["Emma"], [
        node("Sci-Fi", ["Dune", "Solaris"]),
        node("Crime", ["Rebecca"]),
    ]),
    node("Poetry", ["Odes"]),
])


def test_count_books():
    assert count_books(node("Empty")) == 0
    assert count_books(find(TREE, "Sci-Fi")) == 2
    assert count_books(TREE) == 5


def test_find():
    assert find(TREE, "Crime")["books"] == ["Rebecca"]
    assert find(TREE, "Cooking") is None


def test_path_names():
    assert path_names(TREE, "Sci-Fi") == ["All", "Fiction", "Sci-Fi"]
    assert path_names(TREE, "Cooking") is None

from mod import shelf_key, sort_for_shelf


def test_shelf_key_drops_articles():
    assert shelf_key("The Hobbit") == "hobbit"
    assert shelf_key("A Room with a View") == "room with a view"
    assert shelf_key("Theory of Everything") == "theory of everything"


def test_sort_for_shelf():
    titles = ["The Hobbit", "Emma", "A Tale of Two Cities", "Dracula"]
    assert sort_for_shelf(titles) == [
        "Dracula",
        "Emma",
        "The Hobbit",
        "A Tale of Two Cities",
    ]


def test_sort_ignores_case():
    assert sort_for_shelf(["beloved", "Anna Karenina"]) == ["Anna Karenina", "beloved"]

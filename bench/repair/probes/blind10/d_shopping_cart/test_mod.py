from mod import add_item, item_count, remove_item


def test_add_item():
    cart = add_item({}, "9780306406157")
    cart = add_item(cart, "9780306406157", 2)
    assert cart == {"9780306406157": 3}
    assert add_item(cart, "9780306406157", 50)["9780306406157"] == 10


def test_remove_item():
    cart = {"A": 2, "B": 1}
    assert remove_item(cart, "A") == {"A": 1, "B": 1}
    assert remove_item(cart, "B") == {"A": 2}


def test_remove_keeps_original():
    cart = {"A": 2, "B": 1}
    remove_item(cart, "B")
    assert cart == {"A": 2, "B": 1}


def test_item_count():
    assert item_count({"A": 2, "B": 1}) == 3
    assert item_count({}) == 0

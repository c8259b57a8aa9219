from mod import flatten_menu, cheapest

MENU = {
    "Drinks": {
        "Hot": {"Latte": 3.40, "Tea": 2.10},
        "Cold": {"Iced Coffee": 3.60},
    },
    "Pastries": {"Croissant": 2.50},
}


def test_flatten_lists_every_item_with_path():
    assert flatten_menu(MENU) == [
        ("Drinks > Hot > Latte", 3.40),
        ("Drinks > Hot > Tea", 2.10),
        ("Drinks > Cold > Iced Coffee", 3.60),
        ("Pastries > Croissant", 2.50),
    ]


def test_flat_menu():
    assert flatten_menu({"Scone": 2.20}) == [("Scone", 2.20)]


def test_cheapest_item():
    assert cheapest(MENU) == ("Drinks > Hot > Tea", 2.10)


def test_empty_menu():
    assert flatten_menu({}) == []
    assert cheapest({}) is None

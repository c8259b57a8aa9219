from menu import find_dish, menu_line, menu_section, normalise

MENU = [
    {"name": "Fish and Chips", "price": 14.5, "section": "mains"},
    {"name": "Tomato Soup", "price": 6.0, "section": "starters"},
    {"name": "Pie of the Day", "price": 13.0, "section": "mains"},
]


def test_normalise():
    assert normalise("  Pie  of the DAY ") == "pie of the day"


def test_find_dish():
    assert find_dish(MENU, "Fish and Chips")["price"] == 14.5
    assert find_dish(MENU, "  tomato   SOUP ")["section"] == "starters"
    assert find_dish(MENU, "Burger") is None


def test_menu_line():
    assert menu_line({"name": "Soup", "price": 6.5}, width=20) == "Soup .......... 6.50"
    assert menu_line({"name": "A very long dish name", "price": 9}, width=20) == "A very long dish name . 9.00"


def test_menu_section():
    assert menu_section(MENU, "mains", width=24) == [
        "Pie of the Day ... 13.00",
        "Fish and Chips ... 14.50",
    ]
    assert menu_section(MENU, "desserts") == []

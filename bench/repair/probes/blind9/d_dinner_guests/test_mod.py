from mod import menu_for, safe_dishes


DISHES = [
    {"name": "pesto pasta", "ingredients": ["pasta", "basil", "pine nuts"], "vegetarian": True},
    {"name": "fish pie", "ingredients": ["fish", "milk", "potato"], "vegetarian": False},
    {"name": "dal", "ingredients": ["lentils", "onion"], "vegetarian": True},
    {"name": "chicken curry", "ingredients": ["chicken", "onion"], "vegetarian": False},
]


def test_no_restrictions():
    assert safe_dishes(DISHES, []) == ["pesto pasta", "fish pie", "dal", "chicken curry"]


def test_allergies_remove_dishes():
    assert safe_dishes(DISHES, ["pine nuts", "milk"]) == ["dal", "chicken curry"]


def test_vegetarian_only():
    assert safe_dishes(DISHES, [], vegetarian=True) == ["pesto pasta", "dal"]


def test_menu_for_guests():
    guests = [{"allergies": ["onion"]}, {"vegetarian": True}]
    assert menu_for(DISHES, guests) == ["pesto pasta"]

from allergens import allergen_matrix, safe_dishes, undeclared


def test_safe_dishes():
    menu = [
        {"name": "Risotto", "allergens": ["Milk", "celery"]},
        {"name": "Steak", "allergens": []},
        {"name": "Crab cakes", "allergens": ["crustaceans", "gluten", "egg"]},
    ]
    assert safe_dishes(menu, ["milk"]) == ["Steak", "Crab cakes"]
    assert safe_dishes(menu, [" Gluten", "CELERY"]) == ["Steak"]
    assert safe_dishes(menu, []) == ["Risotto", "Steak", "Crab cakes"]


def test_undeclared_dish_is_never_safe():
    menu = [
        {"name": "Soup of the day", "allergens": None},
        {"name": "Salad", "allergens": ["mustard"]},
    ]
    assert safe_dishes(menu, ["peanuts"]) == ["Salad"]
    assert safe_dishes(menu, []) == ["Salad"]


def test_undeclared():
    menu = [
        {"name": "Soup of the day", "allergens": None},
        {"name": "Salad", "allergens": ["mustard"]},
        {"name": "Special", "allergens": None},
    ]
    assert undeclared(menu) == ["Soup of the day", "Special"]


def test_allergen_matrix():
    menu = [
        {"name": "Tart", "allergens": ["gluten", "Milk"]},
        {"name": "Special", "allergens": None},
        {"name": "Bread", "allergens": ["gluten"]},
    ]
    assert allergen_matrix(menu) == {"gluten": ["Bread", "Tart"], "milk": ["Tart"]}

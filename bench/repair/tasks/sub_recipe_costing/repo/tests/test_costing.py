from costing import menu_price, plate_cost, raw_ingredients

RECIPES = {
    "lasagne": {"pasta sheet": 4, "ragu": 0.2, "bechamel": 0.2},
    "ragu": {"beef mince": 1.0, "tomato": 1.5, "onion": 0.5},
    "bechamel": {"milk": 1.0, "roux": 0.1},
    "roux": {"butter": 0.5, "flour": 0.5},
}
PRICES = {
    "pasta sheet": 0.25, "beef mince": 8.0, "tomato": 2.0, "onion": 1.0,
    "milk": 1.0, "butter": 6.0, "flour": 1.0,
}


def test_plate_cost_of_raw_ingredient():
    assert plate_cost("tomato", RECIPES, PRICES) == 2.0


def test_plate_cost_with_sub_recipe():
    assert plate_cost("roux", RECIPES, PRICES) == 3.5
    assert plate_cost("ragu", RECIPES, PRICES) == 11.5
    assert plate_cost("lasagne", RECIPES, PRICES) == 3.57


def test_raw_ingredients():
    assert raw_ingredients("bechamel", RECIPES) == ["butter", "flour", "milk"]
    assert raw_ingredients("onion", RECIPES) == ["onion"]


def test_menu_price():
    assert menu_price(3.6) == 12.0
    assert menu_price(4.2) == 14.0
    assert menu_price(4.25) == 14.5
    assert menu_price(5.0, food_cost_percent=25) == 20.0

from mod import base_ingredients, shopping_for


RECIPES = {
    "lasagne": ["pasta sheets", "ragu", "bechamel", "cheese"],
    "ragu": ["mince", "tomatoes", "soffritto"],
    "soffritto": ["onion", "carrot", "celery"],
    "bechamel": ["butter", "flour", "milk"],
    "salad": ["lettuce", "dressing"],
    "dressing": ["oil", "vinegar"],
}


def test_raw_ingredient():
    assert base_ingredients("cheese", RECIPES) == {"cheese"}


def test_simple_preparation():
    assert base_ingredients("bechamel", RECIPES) == {"butter", "flour", "milk"}


def test_nested_preparations():
    assert base_ingredients("lasagne", RECIPES) == {
        "pasta sheets", "cheese", "mince", "tomatoes",
        "onion", "carrot", "celery", "butter", "flour", "milk",
    }


def test_shopping_for_menu():
    assert shopping_for(["salad", "bechamel"], RECIPES) == [
        "butter", "flour", "lettuce", "milk", "oil", "vinegar",
    ]

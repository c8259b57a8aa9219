from mod import find_available, substitution_chain, shopping_needed, adapted_recipe

SUBS = {"buttermilk": "yogurt", "yogurt": "sour cream", "honey": "sugar"}


def test_find_available_direct():
    assert find_available("flour", SUBS, {"flour"}) == "flour"
    assert find_available("saffron", SUBS, {"flour"}) is None


def test_find_available_uses_substitute():
    assert find_available("honey", SUBS, {"sugar"}) == "sugar"
    assert find_available("buttermilk", SUBS, {"sour cream"}) == "sour cream"


def test_substitution_chain():
    assert substitution_chain("buttermilk", SUBS) == ["buttermilk", "yogurt", "sour cream"]
    assert substitution_chain("salt", SUBS) == ["salt"]
    assert substitution_chain("a", {"a": "b", "b": "a"}) == ["a", "b"]


def test_shopping_needed():
    assert shopping_needed({"flour": 100, "saffron": 1}, SUBS, {"flour"}) == ["saffron"]
    assert shopping_needed({}, SUBS, {"flour"}) == []


def test_adapted_recipe():
    assert adapted_recipe({"flour": 200}, SUBS, {"flour"}) == {"flour": 200}
    assert adapted_recipe({"saffron": 1}, SUBS, set()) == {"saffron": 1}

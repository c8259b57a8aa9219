from ingredients import has_ingredient, parse_ingredients


def test_names_are_trimmed():
    assert parse_ingredients("flour, sugar ,eggs,") == ["flour", "sugar", "eggs"]


def test_plain_list():
    assert parse_ingredients("flour,sugar") == ["flour", "sugar"]
    assert parse_ingredients("") == []


def test_has_ingredient():
    assert has_ingredient(["Flour", "eggs"], "flour") is True
    assert has_ingredient(["Flour", "eggs"], "milk") is False

from mod import Pantry


def test_add_and_have():
    pantry = Pantry()
    pantry.add("rice", 500)
    pantry.add("rice", 250)
    assert pantry.have("rice") == 750
    assert pantry.have("pasta") == 0


def test_names_ignore_case():
    pantry = Pantry()
    pantry.add("Eggs", 6)
    pantry.add("eggs ", 4)
    assert pantry.have("EGGS") == 10


def test_missing_for_recipe():
    pantry = Pantry()
    pantry.add("flour", 300)
    pantry.add("eggs", 2)
    recipe = {"flour": 250, "eggs": 3, "sugar": 100}
    assert pantry.missing_for(recipe) == {"eggs": 1, "sugar": 100}

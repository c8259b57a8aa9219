from mod import last_frost, safe_to_plant


def test_last_frost_day():
    temps = [-3, -1, 2, 0, 4, 6, 8]
    assert last_frost(temps) == 4


def test_no_frost():
    assert last_frost([3, 5, 7]) is None
    assert safe_to_plant([3, 5, 7]) == 1


def test_only_the_first_day_froze():
    assert last_frost([-2, 1, 3, 5]) == 1


def test_safe_to_plant_after_margin():
    temps = [-3, -1, 2, 0, 4, 6, 8]
    assert safe_to_plant(temps) == 11
    assert safe_to_plant(temps, margin_days=3) == 7

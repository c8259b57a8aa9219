from mod import due_for_water, water


def make_plants():
    return {"fern": (10, 3), "cactus": (1, 14), "basil": (11, 1)}


def test_plants_not_due_yet():
    assert due_for_water(make_plants(), 11) == []


def test_plant_due_exactly_on_interval():
    assert due_for_water(make_plants(), 13) == ["basil", "fern"]


def test_overdue_plants():
    assert due_for_water(make_plants(), 20) == ["basil", "cactus", "fern"]


def test_watering_resets_schedule():
    plants = make_plants()
    water(plants, ["fern", "basil"], 13)
    assert plants["fern"] == (13, 3)
    assert due_for_water(plants, 14) == ["basil"]

from submeters import biggest_group, meter_paths, meter_total

HOUSE = {"kitchen": {"oven": 3.5, "fridge": 1.25}, "garage": {"charger": 12}, "lights": 0.75}


def test_meter_total_of_tree():
    assert meter_total(HOUSE) == 17.5
    assert meter_total({"kitchen": {"oven": 2}}) == 2


def test_single_meter():
    assert meter_total(4.5) == 4.5


def test_empty_groups():
    assert meter_total({}) == 0
    assert meter_total({"annex": {}}) == 0


def test_meter_paths():
    assert meter_paths(HOUSE) == {
        "kitchen/oven": 3.5,
        "kitchen/fridge": 1.25,
        "garage/charger": 12,
        "lights": 0.75,
    }


def test_biggest_group():
    assert biggest_group(HOUSE) == "garage"
    assert biggest_group({}) is None

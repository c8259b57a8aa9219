from submeters import meter_paths, total_usage, unmetered_loss

TREE = {"north": {"ground": {"flat1": 120, "flat2": 80}, "first": {"flat3": 95}}, "pump": 15}


def test_flat_building():
    assert total_usage({"flat1": 10, "flat2": 5}) == 15


def test_nested_building():
    assert total_usage(TREE) == 310


def test_single_meter():
    assert total_usage(42) == 42


def test_no_sub_meters():
    assert total_usage({}) == 0


def test_meter_paths():
    assert meter_paths(TREE) == {
        "north/ground/flat1": 120,
        "north/ground/flat2": 80,
        "north/first/flat3": 95,
        "pump": 15,
    }


def test_unmetered_loss():
    assert unmetered_loss(330, TREE) == 20
    assert unmetered_loss(300, TREE) == 0

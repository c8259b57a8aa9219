from solar import export_income, exported_energy


def test_battery_fills_before_export():
    assert exported_energy([0, 3, 5, 4, 1], [1, 1, 1, 1, 2], 5) == [0, 0, 1, 3, 0]


def test_battery_drains_at_night():
    assert exported_energy([5, 0, 5], [1, 2, 1], 4) == [0, 0, 2]


def test_no_battery():
    assert exported_energy([2, 5, 1], [3, 1, 1], 0) == [0, 4, 0]


def test_no_surplus():
    assert exported_energy([1, 1], [2, 1], 10) == [0, 0]
    assert exported_energy([], [], 10) == []


def test_export_income():
    assert export_income([0, 2, 3], 0.15) == 0.75
    assert export_income([], 0.15) == 0

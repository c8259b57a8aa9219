from mod import busiest_level, occupancy_rates, taken_count


def test_taken_count():
    assert taken_count([True, False, True]) == 2
    assert taken_count([]) == 0


def test_busiest_level():
    levels = {"P1": [True, True, False], "P2": [True, False, False]}
    assert busiest_level(levels) == "P1"
    assert busiest_level({}) is None


def test_occupancy_rates():
    levels = {"P1": [True, True, False, False], "P2": [True, False, False]}
    assert occupancy_rates(levels) == {"P1": 0.5, "P2": 0.33}

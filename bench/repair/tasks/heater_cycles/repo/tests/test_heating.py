from heating import heater_cycles, minutes_below


def test_one_cycle_for_a_cold_spell():
    assert heater_cycles([20, 18, 17, 16, 19, 22], 20, 1) == 1


def test_two_cycles():
    assert heater_cycles([18, 22, 20, 18.5, 17, 21.5], 20, 1) == 2


def test_never_cold():
    assert heater_cycles([20, 19.5, 21, 22], 20, 1) == 0
    assert heater_cycles([], 20, 1) == 0


def test_single_cold_reading():
    assert heater_cycles([21, 18], 20, 1) == 1


def test_minutes_below():
    assert minutes_below([17, 19, 16, 21], 18) == 20
    assert minutes_below([17, 16], 18, interval=15) == 30

from bonus import bonus, total_bonus


def test_bonus_is_capped():
    assert bonus(80, 2, 100) == 100


def test_bonus_without_multiplier():
    assert bonus(50, 1, 100) == 50


def test_total_bonus():
    assert total_bonus([10, 20], 1, 100) == 30

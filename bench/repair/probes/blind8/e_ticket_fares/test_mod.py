from mod import fare, group_fare


def test_adult_fares():
    assert fare(1, 30) == 180
    assert fare(3, 30) == 300


def test_child_pays_half():
    assert fare(2, 8) == 120
    assert fare(2, 12) == 240


def test_senior_pays_half():
    assert fare(2, 65) == 120
    assert fare(2, 64) == 240


def test_group_fare():
    assert group_fare(1, [40, 38, 7, 70]) == 180 + 180 + 90 + 90

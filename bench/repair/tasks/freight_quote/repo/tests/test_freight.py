from freight import charge_per_parcel, freight_charge


def test_distance_charge():
    assert freight_charge(10, 200, 30, 4) == 1100


def test_minimum_charge():
    assert freight_charge(1, 1, 10, 10) == 500


def test_charge_per_parcel():
    assert charge_per_parcel(1001, 4) == 251

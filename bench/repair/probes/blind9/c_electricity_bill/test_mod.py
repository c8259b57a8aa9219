from mod import electricity_bill


def test_no_usage_pays_standing_charge():
    assert electricity_bill(0) == 5.00


def test_first_tier():
    assert electricity_bill(80) == 13.00


def test_second_tier():
    assert electricity_bill(200) == 30.00


def test_top_tier():
    assert electricity_bill(400) == 65.00

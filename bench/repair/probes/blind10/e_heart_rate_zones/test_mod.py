from mod import max_heart_rate, time_in_zones, zone_for


def test_max_heart_rate():
    assert max_heart_rate(40) == 180
    assert max_heart_rate(20) == 200


def test_zone_for():
    assert zone_for(60, 40) is None
    assert zone_for(100, 40) == "recovery"
    assert zone_for(150, 40) == "threshold"


def test_time_in_zones():
    totals = time_in_zones([100, 100, 130, 170], 40)
    assert totals["recovery"] == 2
    assert totals["tempo"] == 1
    assert sum(totals.values()) == 4

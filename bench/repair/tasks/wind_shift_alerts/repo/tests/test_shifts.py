from shifts import angle_between, compass_point, wind_shifts


def test_angle_between():
    assert angle_between(10, 350) == 20
    assert angle_between(90, 270) == 180
    assert angle_between(45, 45) == 0


def test_compass_point():
    assert compass_point(0) == "N"
    assert compass_point(100) == "E"
    assert compass_point(350) == "N"
    assert compass_point(225) == "SW"


def test_steady_wind_has_no_alerts():
    assert wind_shifts([("09:00", 200), ("09:10", 230), ("09:20", 260)]) == []
    assert wind_shifts([]) == []


def test_sudden_shift_alerts():
    readings = [("09:00", 180), ("09:10", 190), ("09:20", 0), ("09:30", 40), ("09:40", 270)]
    assert wind_shifts(readings) == [("09:20", "S", "N"), ("09:40", "NE", "W")]

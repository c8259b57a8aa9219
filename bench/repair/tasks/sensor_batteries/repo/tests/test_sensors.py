from sensors import low_sensors, lowest_battery, sensor_count

LAYOUT = {
    "garden": {"rain": 80, "wind": {"cups": 15, "vane": 64}},
    "roof": {"solar": 92},
    "indoor": 18,
}


def test_lowest_battery():
    assert lowest_battery(LAYOUT) == 15
    assert lowest_battery({"roof": {"solar": 92}}) == 92


def test_lowest_battery_of_single_sensor():
    assert lowest_battery(55) == 55


def test_low_sensors():
    assert low_sensors(LAYOUT) == ["garden/wind/cups", "indoor"]
    assert low_sensors({"roof": {"solar": 92}}) == []


def test_sensor_count():
    assert sensor_count(LAYOUT) == 5

from mod import low_battery_devices


def test_single_low_device():
    devices = [{"name": "door", "battery": 10}, {"name": "hall", "battery": 80}]
    assert low_battery_devices(devices) == ["door"]


def test_charging_device_is_not_reported():
    devices = [
        {"name": "vacuum", "battery": 5, "charging": True},
        {"name": "smoke", "battery": 12, "charging": False},
    ]
    assert low_battery_devices(devices) == ["smoke"]


def test_custom_threshold_and_sorted_output():
    devices = [
        {"name": "window", "battery": 30},
        {"name": "camera", "battery": 25},
        {"name": "lock", "battery": 60},
    ]
    assert low_battery_devices(devices, threshold=40) == ["camera", "window"]


def test_threshold_is_exclusive():
    assert low_battery_devices([{"name": "tag", "battery": 20}]) == []


def test_no_devices():
    assert low_battery_devices([]) == []

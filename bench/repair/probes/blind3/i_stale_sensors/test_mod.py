from mod import stale_sensors


def test_all_fresh():
    assert stale_sensors({"a": 95, "b": 100}, now=100, max_age=10) == []


def test_old_sensor_reported():
    assert stale_sensors({"a": 50, "b": 99}, now=100, max_age=10) == ["a"]


def test_boundary_age_is_not_stale():
    assert stale_sensors({"a": 90}, now=100, max_age=10) == []


def test_never_seen_sensor_is_stale():
    last_seen = {"kitchen": None, "garage": 98, "attic": 10}
    assert stale_sensors(last_seen, now=100, max_age=30) == ["attic", "kitchen"]

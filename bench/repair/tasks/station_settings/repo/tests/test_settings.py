from settings import DEFAULTS, lookup, merged, setting


def test_lookup_nested_value():
    assert lookup(DEFAULTS, ["sensors", "rain", "bucket_mm"]) == 0.2
    assert lookup(DEFAULTS, ["upload"]) == {"interval_min": 5}


def test_setting_with_default():
    assert setting(DEFAULTS, "station.name") == "Backyard"
    assert setting(DEFAULTS, "station.latitude", 51.5) == 51.5
    assert setting(DEFAULTS, "station.name.short") is None


def test_merged_keeps_other_values():
    local = {"station": {"name": "Allotment"}, "sensors": {"wind": {"cups": 4}}}
    config = merged(DEFAULTS, local)
    assert config["station"] == {"name": "Allotment", "altitude_m": 0}
    assert config["sensors"] == {"rain": {"bucket_mm": 0.2}, "wind": {"cups": 4}}
    assert DEFAULTS["station"]["name"] == "Backyard"

from mod import should_irrigate


def test_dry_no_rain():
    assert should_irrigate(0.15, 0.25, 0.0) is True


def test_moist_soil():
    assert should_irrigate(0.35, 0.25, 0.0) is False


def test_dry_but_heavy_rain_forecast():
    assert should_irrigate(0.10, 0.25, 12.0) is False


def test_dry_light_drizzle():
    assert should_irrigate(0.10, 0.25, 1.5) is True

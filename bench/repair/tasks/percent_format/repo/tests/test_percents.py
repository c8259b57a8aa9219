from percents import as_percent, share


def test_as_percent():
    assert as_percent(0.12345, 2) == "12.35%"


def test_share():
    assert share(1, 4) == 0.25
    assert share(1, 0) == 0.0

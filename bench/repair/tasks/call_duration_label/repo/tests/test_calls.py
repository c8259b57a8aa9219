from calls import billed_minutes, duration_label


def test_duration_label():
    assert duration_label(125) == "2:05"
    assert duration_label(59) == "0:59"


def test_billed_minutes():
    assert billed_minutes(61) == 2
    assert billed_minutes(60) == 1

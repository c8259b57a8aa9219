from mod import fee, receipt_line, started_hours


def test_started_hours():
    assert started_hours(60) == 1
    assert started_hours(61) == 2


def test_free_short_stop():
    assert fee(10) == 0.0
    assert fee(15) == 0.0


def test_fee():
    assert fee(45) == 2.5
    assert fee(130) == 7.5
    assert fee(10 * 60) == 18.0


def test_receipt_line():
    assert receipt_line(480, 600) == "120 min  EUR 5.00"

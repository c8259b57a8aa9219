from mod import late_fee, minutes_late, total_late_fees


def test_minutes_late():
    assert minutes_late(600, 630) == 30
    assert minutes_late(600, 590) == 0


def test_on_time_or_within_grace():
    assert late_fee(600, 600) == 0.0
    assert late_fee(600, 610) == 0.0
    assert late_fee(600, 615) == 0.0


def test_late_fee():
    assert late_fee(600, 640) == 3.0
    assert late_fee(600, 700) == 6.0
    assert late_fee(600, 600 + 24 * 60) == 30.0


def test_total():
    assert total_late_fees([(600, 600), (600, 640), (600, 700)]) == 9.0

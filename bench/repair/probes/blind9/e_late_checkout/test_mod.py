from mod import late_checkout_fee


def test_on_time():
    assert late_checkout_fee(10, 30) == 0
    assert late_checkout_fee(11) == 0


def test_started_hours_are_charged():
    assert late_checkout_fee(11, 10) == 15
    assert late_checkout_fee(12, 0) == 15
    assert late_checkout_fee(13, 5) == 45


def test_capped_at_half_day():
    assert late_checkout_fee(18) == 60

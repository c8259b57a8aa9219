from mod import reorder_point, needs_reorder, suggested_order, stockout_day


def test_reorder_point():
    assert reorder_point(12, 5) == 60
    assert reorder_point(12, 5, safety_stock=20) == 80


def test_needs_reorder():
    assert needs_reorder(40, 0, 60)
    assert needs_reorder(60, 0, 60)
    assert not needs_reorder(40, 30, 60)


def test_suggested_order():
    assert suggested_order(40, 0, 60, 150) == 110
    assert suggested_order(100, 0, 60, 150) == 0


def test_stockout_day():
    assert stockout_day(10, [4, 4, 4, 4]) == 3
    assert stockout_day(50, [4, 4, 4]) is None
    assert stockout_day(0, []) is None


def test_stockout_on_last_forecast_day():
    # reported: the report said 'no stockout' for a line that ran out on day 5
    assert stockout_day(18, [4, 4, 4, 4, 4]) == 5

from mod import paid_rides, daily_cost


def test_no_taps():
    assert paid_rides([]) == []
    assert daily_cost([], 250) == 0


def test_transfer_within_window_is_free():
    assert paid_rides([480, 500, 540]) == [480]


def test_window_counts_from_last_paid_tap():
    assert paid_rides([0, 30, 70, 100]) == [0, 70]


def test_daily_cost():
    assert daily_cost([420, 450, 1020, 1100, 1130], 250) == 750

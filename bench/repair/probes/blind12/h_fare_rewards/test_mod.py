from mod import capped_day_charges, loyalty_charges, week_total


def test_capped_day_charges():
    assert capped_day_charges([2.50, 2.50]) == [2.50, 2.50]
    assert capped_day_charges([3.00, 3.00, 3.00, 3.00]) == [3.00, 3.00, 1.50, 0.0]
    assert capped_day_charges([]) == []


def test_loyalty_charges():
    assert loyalty_charges([2.0, 2.5, 3.0]) == [2.0, 2.5, 3.0]
    assert loyalty_charges([]) == []


def test_week_total():
    assert week_total([[3.0, 3.0, 3.0], [2.0], []]) == 9.50
    assert week_total([]) == 0


def test_tenth_ride_is_free_not_the_ninth():
    # report: riders were given their free ride one trip early
    charges = loyalty_charges([2.0] * 10)
    assert charges[8] == 2.0
    assert charges[9] == 0.0

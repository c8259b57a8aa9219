from feeding import average_per_day, daily_totals, overfed_days

LOG = [("mon", 200), ("mon", 150), ("tue", 400), ("wed", 100), ("wed", 100), ("wed", 50)]


def test_totals_per_day():
    assert daily_totals(LOG) == [("mon", 350), ("tue", 400), ("wed", 250)]


def test_single_day():
    assert daily_totals([("fri", 120), ("fri", 80)]) == [("fri", 200)]


def test_empty_log():
    assert daily_totals([]) == []
    assert average_per_day([]) == 0.0


def test_overfed_days():
    assert overfed_days(LOG, 300) == ["mon", "tue"]
    assert overfed_days([("sat", 500)], 300) == ["sat"]


def test_average_per_day():
    assert average_per_day(LOG) == 333.3

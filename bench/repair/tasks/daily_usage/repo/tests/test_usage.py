from usage import busiest_day, daily_totals


def test_several_days():
    samples = [("mon", 1.5), ("mon", 2.0), ("tue", 0.5), ("wed", 1.0), ("wed", 0.25)]
    assert daily_totals(samples) == [("mon", 3.5), ("tue", 0.5), ("wed", 1.25)]


def test_single_day():
    assert daily_totals([("sun", 0.4), ("sun", 0.6)]) == [("sun", 1.0)]


def test_no_samples():
    assert daily_totals([]) == []
    assert busiest_day([]) is None


def test_busiest_day():
    assert busiest_day([("mon", 2.0), ("tue", 1.0), ("tue", 0.5), ("wed", 3.0)]) == "wed"
    assert busiest_day([("mon", 4.0), ("tue", 1.0), ("tue", 0.5)]) == "mon"

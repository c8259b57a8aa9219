from rainfall import daily_total, monthly_total, tips_to_mm, wettest_day


def test_tips_to_mm():
    assert tips_to_mm(0) == 0.0
    assert tips_to_mm(7) == 1.4


def test_daily_total():
    readings = [
        ("2024-05-01T23:50", 0.4),
        ("2024-05-02T00:00", 0.2),
        ("2024-05-02T00:10", 1.0),
        ("2024-05-03T00:00", 3.0),
    ]
    assert daily_total(readings, "2024-05-02") == 1.2
    assert daily_total(readings, "2024-05-04") == 0.0


def test_daily_total_skips_missing_reports():
    readings = [
        ("2024-05-02T00:00", 0.6),
        ("2024-05-02T00:10", None),
        ("2024-05-02T00:20", 0.8),
        ("2024-05-03T00:00", None),
    ]
    assert daily_total(readings, "2024-05-02") == 1.4
    assert daily_total(readings, "2024-05-03") == 0.0


def test_monthly_and_wettest():
    totals = {"2024-05-01": 2.4, "2024-05-02": 0.0, "2024-05-30": 11.2, "2024-06-01": 5.0}
    assert monthly_total(totals, "2024-05") == 13.6
    assert wettest_day(totals) == ("2024-05-30", 11.2)
    assert wettest_day({"2024-05-02": 0.0}) is None

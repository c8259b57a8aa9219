from mod import daily_net, days_over

ENTRIES = [
    ("2024-05-01", "food", 800),
    ("2024-05-01", "exercise", 300),
    ("2024-05-01", "food", 1200),
    ("2024-05-02", "food", 2600),
    ("2024-05-02", "exercise", 200),
]


def test_daily_net():
    assert daily_net(ENTRIES) == {"2024-05-01": 1700, "2024-05-02": 2400}


def test_no_entries():
    assert daily_net([]) == {}


def test_days_over_budget():
    assert days_over(ENTRIES, 2000) == ["2024-05-02"]
    assert days_over(ENTRIES, 1500) == ["2024-05-01", "2024-05-02"]

from datetime import datetime, timedelta

from mod import days_late, item_fine, patron_balance, blocked_patrons

DUE = datetime(2024, 3, 1, 20, 0)


def test_days_late_whole_days():
    assert days_late(DUE, DUE + timedelta(days=3)) == 3
    assert days_late(DUE, DUE) == 0
    assert days_late(DUE, DUE - timedelta(days=2)) == 0


def test_item_fine():
    assert item_fine("book", DUE, DUE + timedelta(days=4)) == 1.00
    assert item_fine("dvd", DUE, DUE + timedelta(days=2)) == 2.00
    assert item_fine("book", DUE, DUE + timedelta(days=60)) == 5.00


def test_patron_balance():
    returns = [
        ("book", DUE, DUE + timedelta(days=2)),
        ("magazine", DUE, DUE + timedelta(days=5)),
        ("dvd", DUE, DUE - timedelta(hours=3)),
    ]
    assert patron_balance(returns) == 1.00
    assert patron_balance([]) == 0


def test_blocked_patrons():
    balances = {"zoe": 12.5, "adam": 10.0, "mia": 3.25}
    assert blocked_patrons(balances) == ["adam", "zoe"]
    assert blocked_patrons(balances, limit=20) == []


def test_returned_next_morning_counts_as_a_day():
    # bug report: DVD returned at opening time next morning was not fined
    next_morning = DUE + timedelta(hours=13)
    assert days_late(DUE, next_morning) == 1
    assert item_fine("dvd", DUE, next_morning) == 1.00

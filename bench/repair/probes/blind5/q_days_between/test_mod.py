from mod import days_between, is_overdue


def test_forward():
    assert days_between("2024-03-01", "2024-03-10") == 9


def test_reverse_order():
    assert days_between("2024-03-10", "2024-03-01") == 9


def test_within_grace():
    assert is_overdue("2024-01-01", "2024-01-05", grace_days=7) == False


def test_overdue():
    assert is_overdue("2024-01-01", "2024-01-20") == True

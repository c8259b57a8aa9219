from fines import days_overdue, fine_summary, item_fine, total_fines


def test_days_overdue():
    assert days_overdue(10, 10) == 0
    assert days_overdue(10, 11) == 0
    assert days_overdue(10, 15) == 4


def test_item_fine_to_the_penny():
    assert item_fine("book", 10, 14) == 0.45
    assert item_fine("magazine", 10, 17) == 0.3
    assert item_fine("dvd", 10, 12) == 1.0


def test_item_fine_cap_and_unknown_kind():
    assert item_fine("dvd", 1, 30) == 5.0
    assert item_fine("laptop", 1, 30) == 0.0


def test_fine_summary():
    assert total_fines([("book", 10, 14), ("dvd", 10, 12)]) == 1.45
    assert fine_summary([("book", 10, 14), ("dvd", 10, 12)]) == "Fines due: £1.45"
    assert fine_summary([("book", 10, 11)]) == "No fines due"

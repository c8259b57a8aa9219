from savings import balance_after, years_to_double


def test_balance_after():
    assert balance_after(1000, 0.1, 2) == 1210.0


def test_no_years():
    assert balance_after(500, 0.05, 0) == 500


def test_years_to_double():
    assert years_to_double(0.1) == 8

from mod import median_amount, typical_spend


def test_odd_count():
    assert median_amount([12.5, 3.0, 40.0]) == 12.5


def test_even_count():
    assert median_amount([10.0, 20.0, 5.0, 7.5]) == 8.75


def test_empty():
    assert median_amount([]) == 0.0


def test_typical_spend():
    assert typical_spend([-20.0, 1500.0, -5.0, -9.99]) == 9.99

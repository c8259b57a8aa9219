from mod import invoice_total


def test_no_tax():
    assert invoice_total([(10.0, 2), (5.0, 1)], 0.0) == 25.0


def test_with_tax():
    assert invoice_total([(19.99, 3)], 0.2) == 71.96


def test_cents():
    assert invoice_total([(0.1, 1), (0.2, 1)], 0.0) == 0.3

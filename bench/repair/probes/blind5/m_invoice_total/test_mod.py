from mod import line_total, invoice_total


def test_line_total():
    assert line_total(2.5, 4) == 10.0


def test_total_with_tax():
    assert invoice_total([(10.0, 3)], 0.1) == 33.0


def test_several_lines():
    assert invoice_total([(2.0, 2), (3.5, 1)]) == 7.5


def test_line_without_quantity_is_skipped():
    assert invoice_total([(2.5, 2), (1.0, None)]) == 5.0


def test_empty_invoice():
    assert invoice_total([]) == 0.0

from mod import format_invoice, invoice_total, line_total


def test_line_total():
    assert line_total("city", 2) == 8.0
    assert line_total("mountain", 3, helmet=True) == 21.5


def test_kind_from_booking_form():
    # the booking form sends capitalised names
    assert line_total("Ebike", 1) == 9.0


def test_invoice_total():
    lines = [("city", 2, False), ("ebike", 1, True)]
    assert invoice_total(lines) == 19.0


def test_format_invoice():
    text = format_invoice([("city", 2, False)])
    assert text.splitlines()[-1].endswith("8.00")
    assert text.splitlines()[-1].startswith("TOTAL")

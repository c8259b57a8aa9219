from mod import visit_invoice

PRICES = {"checkup": 4500, "vaccine": 3000, "nail trim": 1250}


def test_invoice_without_discount():
    assert visit_invoice(["checkup", "vaccine"], PRICES) == 9000


def test_invoice_with_discount():
    assert visit_invoice(["checkup", "vaccine"], PRICES, 1000) == 7800


def test_discount_cannot_go_negative():
    assert visit_invoice(["nail trim"], PRICES, 5000) == 0


def test_vat_rounds_down():
    assert visit_invoice(["nail trim"], {"nail trim": 1001}) == 1201

from mod import order_total, shipping_cost, subtotal

SMALL = [{"title": "Dune", "price": 11.99, "qty": 1}]
LARGE = [
    {"title": "Dune", "price": 11.99, "qty": 2},
    {"title": "Emma", "price": 14.50, "qty": 1},
]


def test_subtotal():
    assert subtotal(SMALL) == 11.99
    assert subtotal(LARGE) == 38.48


def test_domestic_shipping():
    assert shipping_cost(SMALL, "DE") == 3.95
    assert shipping_cost(LARGE, "DE") == 0.0


def test_international_shipping():
    assert shipping_cost(SMALL, "FR") == 12.50
    assert shipping_cost(LARGE, "US") == 12.50


def test_order_total():
    assert order_total(SMALL, "DE") == 15.94

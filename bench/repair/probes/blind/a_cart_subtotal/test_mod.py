from mod import order_total, subtotal


def test_empty_cart():
    assert subtotal([]) == 0


def test_one_line():
    assert subtotal([("mug", 8, 2)]) == 16


def test_several_lines():
    assert subtotal([("mug", 8, 2), ("pen", 1, 5), ("hat", 20, 1)]) == 41


def test_order_total_adds_shipping():
    assert order_total([("mug", 8, 2)], 4.5) == 20.5

from cart import cart_subtotal, item_count


def test_cart_subtotal():
    assert cart_subtotal([(3, 2), (5, 1)]) == 11


def test_empty_cart():
    assert cart_subtotal([]) == 0


def test_item_count():
    assert item_count([(3, 2), (5, 1)]) == 3

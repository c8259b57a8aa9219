from mod import checkout_total, item_count_label


def test_single_item_no_tax():
    assert checkout_total([20.0], tax_rate=0.0) == 20.0


def test_two_items_no_tax():
    assert checkout_total([10.0, 5.0], tax_rate=0.0) == 15.0


def test_coupon_and_tax():
    assert checkout_total([30.0, 20.0], coupon=10.0) == 43.2


def test_label():
    assert item_count_label([1.0]) == "1 item"

from mod import drink_price, basket_price


def test_regular_price_in_the_morning():
    assert drink_price(4.00, 9) == 4.00


def test_happy_hour_discount():
    assert drink_price(4.00, 15) == 2.80
    assert drink_price(4.00, 16) == 2.80


def test_happy_hour_is_over_at_five():
    assert drink_price(4.00, 17) == 4.00


def test_member_discount_has_a_floor():
    assert drink_price(4.00, 10, is_member=True) == 3.50
    assert drink_price(1.20, 10, is_member=True) == 1.00


def test_basket_after_happy_hour():
    assert basket_price([3.00, 5.00], 17) == 8.00

from loyalty import discount_percent, discounted_price


def test_guest_without_membership():
    assert discount_percent(None, None, 2025) == 0
    assert discount_percent("gold", None, 2025) == 10


def test_long_time_member():
    assert discount_percent("gold", 2015, 2025) == 15
    assert discount_percent("bronze", 2020, 2025) == 5


def test_new_member():
    assert discount_percent("silver", 2023, 2025) == 5


def test_discounted_price():
    assert discounted_price(1999, 15) == 1699

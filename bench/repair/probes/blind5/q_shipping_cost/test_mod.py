from mod import shipping_cost


def test_light_parcel():
    assert shipping_cost(0.5, 20) == 4.99


def test_free_shipping():
    assert shipping_cost(3, 60) == 0.0


def test_heavy_parcel():
    assert shipping_cost(7, 20) == 12.99


def test_oversized_never_free():
    assert shipping_cost(2, 80, oversized=True) == 24.99

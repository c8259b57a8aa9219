from splitting import format_cents, split_by_orders, split_evenly, with_service


def test_split_evenly():
    assert split_evenly(1000, 3) == [334, 333, 333]
    assert split_evenly(1001, 3) == [334, 334, 333]
    assert split_evenly(4500, 1) == [4500]
    assert split_evenly(900, 4) == [225, 225, 225, 225]


def test_with_service():
    assert with_service(10000) == 11250
    assert with_service(4550) == 5119
    assert with_service(2000, service_percent=10) == 2200


def test_split_by_orders():
    orders = {"Ana": [1450, 350], "Ben": [1200], "Cy": []}
    assert split_by_orders(orders) == {"Ana": 1800, "Ben": 1200, "Cy": 0}


def test_format_cents():
    assert format_cents(1205) == "12.05"
    assert format_cents(99) == "0.99"
    assert format_cents(5119) == "51.19"

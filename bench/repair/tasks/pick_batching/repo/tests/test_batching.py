from batching import batch_loads, batch_orders, carts_needed

ORDERS = [("O1", 4), ("O2", 3), ("O3", 5), ("O4", 2), ("O5", 6), ("O6", 1)]


def test_everything_fits_in_one_cart():
    assert batch_orders([("O1", 2), ("O2", 3)], 10) == [["O1", "O2"]]


def test_no_orders():
    assert batch_orders([], 10) == []
    assert carts_needed([], 10) == 0


def test_batches_fill_each_cart():
    assert batch_orders(ORDERS, 10) == [["O1", "O2"], ["O3", "O4"], ["O5", "O6"]]


def test_oversized_order_gets_its_own_cart():
    orders = [("O1", 3), ("O2", 12), ("O3", 2), ("O4", 4)]
    assert batch_orders(orders, 10) == [["O1"], ["O2"], ["O3", "O4"]]


def test_batch_loads():
    batches = batch_orders(ORDERS, 10)
    assert batch_loads(ORDERS, batches) == [7, 7, 7]


def test_carts_needed():
    assert carts_needed(ORDERS, 10) == 3
    assert carts_needed(ORDERS, 21) == 1

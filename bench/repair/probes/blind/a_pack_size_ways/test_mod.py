from mod import order_ways


def test_single_pack_size():
    assert order_ways(12, [6]) == 1


def test_impossible():
    assert order_ways(7, [2, 4]) == 0


def test_multiple_ways():
    assert order_ways(12, [2, 6, 12]) == 4

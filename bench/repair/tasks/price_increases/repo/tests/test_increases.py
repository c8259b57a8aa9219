from increases import count_increases, net_change


def test_count_increases():
    assert count_increases([3, 5, 4, 6, 7]) == 3


def test_net_change():
    assert net_change([3, 5, 4]) == 1
    assert net_change([3]) == 0

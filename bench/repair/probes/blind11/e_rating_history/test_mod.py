from mod import peak_rating, net_change, biggest_gain, longest_climb


def test_peak_rating():
    assert peak_rating([1500, 1540, 1520]) == 1540
    assert peak_rating([]) is None


def test_net_change():
    assert net_change([1500, 1540, 1520]) == 20
    assert net_change([1500]) == 0


def test_biggest_gain():
    assert biggest_gain([1500, 1520, 1510, 1550]) == 40
    assert biggest_gain([1500]) is None


def test_biggest_gain_player_only_lost():
    assert biggest_gain([1500, 1490, 1482]) == -8


def test_longest_climb():
    assert longest_climb([1500, 1510, 1520, 1515, 1530]) == 2
    assert longest_climb([]) == 0
    assert longest_climb([1500, 1490]) == 0

from volume import adjust_volume, is_muted


def test_volume_down():
    assert adjust_volume(50, 10, "down") == 40
    assert adjust_volume(5, 10, "down") == 0


def test_volume_up_and_other():
    assert adjust_volume(95, 10, "up") == 100
    assert adjust_volume(30, 5, "mute") == 30


def test_is_muted():
    assert is_muted(0) is True
    assert is_muted(7) is False

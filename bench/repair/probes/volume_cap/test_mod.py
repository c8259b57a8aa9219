from mod import set_volume

def test_up():
    assert set_volume(10, 5) == 15

def test_floor():
    assert set_volume(3, -10) == 0

def test_cap():
    assert set_volume(95, 10) == 100

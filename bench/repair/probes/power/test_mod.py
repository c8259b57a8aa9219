from mod import power

def test_zero():
    assert power(3, 0) == 1

def test_cube():
    assert power(2, 3) == 8

from mod import average

def test_avg():
    assert average([1, 2, 3]) == 2

def test_empty():
    assert average([]) == 0

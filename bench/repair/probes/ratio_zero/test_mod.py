from mod import pass_rate

def test_rate():
    assert pass_rate(1, 4) == 25.0

def test_empty():
    assert pass_rate(0, 0) == 0.0

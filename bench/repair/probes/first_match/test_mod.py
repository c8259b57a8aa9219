from mod import first_over

def test_none():
    assert first_over([1, 2], 5) is None

def test_one():
    assert first_over([1, 9], 5) == 1

def test_first():
    assert first_over([1, 9, 8], 5) == 1

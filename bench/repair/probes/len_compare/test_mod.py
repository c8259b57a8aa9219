from mod import has_many

def test_many():
    assert has_many([1, 2, 3], 2) is True

def test_few():
    assert has_many([1], 2) is False

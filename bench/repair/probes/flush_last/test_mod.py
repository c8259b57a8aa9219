from mod import groups

def test_empty():
    assert groups([]) == []

def test_runs():
    assert groups([1, 1, 2]) == [[1, 1], [2]]

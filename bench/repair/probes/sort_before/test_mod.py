from mod import median

def test_sorted():
    assert median([1, 2, 3]) == 2

def test_unsorted():
    assert median([3, 1, 2]) == 2

from mod import best_score

def test_best():
    assert best_score([3, 9, 2]) == 9

def test_none():
    assert best_score([]) is None

from mod import newest_first

def test_order():
    assert newest_first([1, 2, 3]) == [3, 2, 1]

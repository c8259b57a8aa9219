from mod import evens

def test_none():
    assert evens([]) == []

def test_mixed():
    assert evens([1, 2, 3, 4]) == [2, 4]

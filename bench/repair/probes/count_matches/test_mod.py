from mod import count_long

def test_none():
    assert count_long(["a", "bb"], 3) == (0, "")

def test_some():
    assert count_long(["abc", "a", "abcd"], 3) == (2, "abcd")

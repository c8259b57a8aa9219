from mod import tally

def test_tally():
    assert tally(["a", "b", "a"]) == {"a": 2, "b": 1}

from mod import until_end

def test_plain():
    assert until_end(["a", "b"]) == ["a", "b"]

def test_stop():
    assert until_end(["a", None, "b"]) == ["a"]

from mod import describe

def test_empty():
    assert describe({}) == []

def test_two():
    assert describe({"tea": 2, "jam": 1}) == ["tea: 2", "jam: 1"]

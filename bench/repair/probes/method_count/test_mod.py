from mod import Counter

def test_start():
    assert Counter().total() == 0

def test_add():
    c = Counter()
    c.add("a")
    c.add("b")
    assert c.total() == 2

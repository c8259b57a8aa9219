from mod import length

class N:
    def __init__(self, nxt=None):
        self.next = nxt

def test_none():
    assert length(None) == 0

def test_two():
    assert length(N(N())) == 2

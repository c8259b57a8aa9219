from mod import last_word

def test_word():
    assert last_word("hello big world") == "world"

def test_empty():
    assert last_word("   ") == ""

from mod import count_word

def test_same():
    assert count_word(["a", "b", "a"], "a") == 2

def test_case():
    assert count_word(["Apple", "apple", "APPLE", "pear"], "apple") == 3

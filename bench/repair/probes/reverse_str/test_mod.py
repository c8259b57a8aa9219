from mod import reverse

def test_empty():
    assert reverse("") == ""

def test_word():
    assert reverse("abc") == "cba"

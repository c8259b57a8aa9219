from mod import slugify


def test_basic_title():
    assert slugify("Hello World") == "hello-world"


def test_accents_and_punctuation():
    assert slugify("Café déjà vu!") == "cafe-deja-vu"


def test_truncation():
    assert slugify("a" * 10 + " bbb", max_length=11) == "aaaaaaaaaa"

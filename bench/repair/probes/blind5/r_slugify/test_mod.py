from mod import slugify, unique_slug


def test_simple():
    assert slugify("hello world") == "hello-world"


def test_capitals_and_punctuation():
    assert slugify("Hello, World!") == "hello-world"


def test_digits_and_spaces():
    assert slugify("  10 tips  ") == "10-tips"


def test_unique_slug():
    assert unique_slug("my post", ["my-post", "my-post-2"]) == "my-post-3"

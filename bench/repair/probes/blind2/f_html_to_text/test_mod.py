from mod import html_to_text


def test_simple_markup():
    assert html_to_text("<p>Hello <b>world</b></p>") == "Hello world"


def test_block_tags_separate_words():
    assert html_to_text("<li>one</li><li>two</li>") == "one two"


def test_plain_text_unchanged():
    assert html_to_text("no tags  here") == "no tags here"


def test_stray_greater_than():
    assert html_to_text("a > b") == "a > b"

from mod import tags_balanced


def test_nested_tags():
    assert tags_balanced("<div><p>Hello <b>world</b></p></div>") is True


def test_mismatched_tags():
    assert tags_balanced("<div><span></div></span>") is False


def test_self_closing_ignored():
    assert tags_balanced("<p>line<br/>next</p>") is True


def test_stray_closing_tag():
    assert tags_balanced("text</p>") is False

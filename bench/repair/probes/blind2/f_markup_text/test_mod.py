from mod import render_text


def test_plain_string():
    assert render_text("hello") == "hello"


def test_nested_tree():
    tree = ("div", {}, [("p", {}, ["Hi ", ("b", {}, ["there"])]), ("span", {}, ["bye"])])
    assert render_text(tree) == "Hi there\nbye"


def test_line_break():
    assert render_text(("p", {}, ["a", ("br", {}, []), "b"])) == "a\nb\n"

from mod import split_escaped, escape_field, join_escaped, parse_events


def test_split_escaped():
    assert split_escaped("a|b|c") == ["a", "b", "c"]
    assert split_escaped("a||c") == ["a", "", "c"]
    assert split_escaped("") == [""]
    assert split_escaped("x,y;z", sep=";") == ["x,y", "z"]


def test_escape_field():
    assert escape_field("a|b") == "a\\|b"
    assert escape_field("plain") == "plain"


def test_join_escaped():
    assert join_escaped(["ann", "login", "ok"]) == "ann|login|ok"


def test_parse_events():
    lines = ["ann|login|ok\n", "broken line\n", "bob|logout|\n"]
    assert parse_events(lines) == [("ann", "login", "ok"), ("bob", "logout", "")]


def test_escaped_separator_stays_in_field():
    # reported: a detail containing an escaped pipe is split into extra fields
    assert split_escaped("ann|search|a\\|b") == ["ann", "search", "a|b"]
    fields = ["bob", "upload", "C:\\tmp|x"]
    assert split_escaped(join_escaped(fields)) == fields

from mod import is_comment, code_lines, header_comments, parse_settings


def test_is_comment():
    assert is_comment("# hi")
    assert is_comment("   #indented")
    assert not is_comment("x = 1  # trailing")


def test_code_lines():
    assert code_lines(["a = 1", "b = 2  "]) == ["a = 1", "b = 2"]
    assert code_lines(["a = 1", "# end"]) == ["a = 1"]


def test_code_lines_skip_comment_in_middle():
    assert code_lines(["a = 1", "", "# colour", "b = 2"]) == ["a = 1", "b = 2"]


def test_header_comments():
    assert header_comments(["# title", "#  v2", "x = 1"]) == ["title", "v2"]
    assert header_comments(["x = 1", "# late"]) == []


def test_parse_settings():
    assert parse_settings(["x = 1", "y=2", "x = 3"]) == {"x": "3", "y": "2"}
    assert parse_settings([]) == {}

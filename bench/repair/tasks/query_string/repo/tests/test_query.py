from query import build_query, parse_query, with_param


def test_parse_query():
    assert parse_query("?page=2&sort=name") == {"page": "2", "sort": "name"}
    assert parse_query("a=1&&b=") == {"a": "1", "b": ""}
    assert parse_query("") == {}


def test_single_parameter():
    assert build_query({"q": "shoes"}) == "q=shoes"
    assert with_param("", "q", "x") == "q=x"


def test_build_query():
    assert build_query({"page": 2, "sort": "name"}) == "page=2&sort=name"


def test_with_param():
    assert with_param("page=2&sort=name", "page", 3) == "page=3&sort=name"
    assert with_param("page=2", "sort", "date") == "page=2&sort=date"

from mod import parse_ini, get_setting


def test_empty():
    assert parse_ini("") == {}


def test_comments_only():
    assert parse_ini("; just a comment\n\n") == {}


def test_two_sections():
    text = "[db]\nhost = localhost\nport=5432\n\n; comment\n[app]\ndebug = true\n"
    assert parse_ini(text) == {"db": {"host": "localhost", "port": "5432"}, "app": {"debug": "true"}}


def test_get_setting():
    assert get_setting("[app]\nname = demo", "app", "name") == "demo"


def test_get_missing_setting():
    assert get_setting("", "app", "name", "none") == "none"

from mod import parse_config


def test_simple_pairs():
    assert parse_config("host = localhost\nport=8080") == {"host": "localhost", "port": "8080"}


def test_blank_lines_skipped():
    assert parse_config("\nname=app\n\n") == {"name": "app"}


def test_comments_skipped():
    text = "# database settings\nuser=admin\n  # trailing comment\n"
    assert parse_config(text) == {"user": "admin"}

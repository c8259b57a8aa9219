from mod import get_setting

CONFIG = {"db": {"host": "localhost", "pool": {"size": 10}}, "debug": True}


def test_missing_key_returns_default():
    assert get_setting(CONFIG, "db.user", "root") == "root"


def test_nested_value():
    assert get_setting(CONFIG, "db.pool.size") == 10


def test_top_level_value():
    assert get_setting(CONFIG, "debug") is True


def test_section_returns_dict():
    assert get_setting(CONFIG, "db.pool") == {"size": 10}

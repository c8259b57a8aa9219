from inifile import parse_settings, setting


def test_sections():
    text = "[db]\nhost = example.org\nport=5432\n\n[web]\nport = 80\n"
    assert parse_settings(text) == {
        "": {},
        "db": {"host": "example.org", "port": "5432"},
        "web": {"port": "80"},
    }


def test_keys_without_section():
    assert parse_settings("# defaults\nmode = fast\nretries=3") == {"": {"mode": "fast", "retries": "3"}}


def test_setting_lookup():
    sections = {"": {"mode": "fast"}, "db": {"host": "example.org"}}
    assert setting(sections, "db", "host") == "example.org"
    assert setting(sections, "db", "port", "5432") == "5432"
    assert setting(sections, "web", "port") is None

from ports import is_port, parse_port


def test_text_is_not_a_port():
    assert not is_port("80")


def test_ports():
    assert is_port(443)
    assert not is_port(0)
    assert not is_port(70000)


def test_parse_port():
    assert parse_port("8080", 80) == 8080
    assert parse_port("x", 80) == 80

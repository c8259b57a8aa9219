from mod import parse_states


def test_basic_lines():
    assert parse_states(["lamp = on", "fan = off"]) == {"lamp": "on", "fan": "off"}


def test_comments_and_blank_lines_ignored():
    lines = ["# living room", "", "   ", "tv = standby"]
    assert parse_states(lines) == {"tv": "standby"}


def test_names_are_case_insensitive():
    lines = ["Kitchen Light = on", "kitchen light = off"]
    assert parse_states(lines) == {"kitchen light": "off"}


def test_mixed_case_name_lowercased():
    assert parse_states(["  Heater=ECO  "]) == {"heater": "ECO"}

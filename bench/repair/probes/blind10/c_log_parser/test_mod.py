from mod import latest, parse_log, values_between

LOG = [
    "# station 4, outdoor sensor",
    "2024-03-01T10:00,7.5",
    "",
    "2024-03-01T11:00, 8.25",
    "# sensor cleaned",
    "2024-03-01T12:00,9.0",
]


def test_parse_log():
    readings = parse_log(LOG)
    assert len(readings) == 3
    assert readings[1] == ("2024-03-01T11:00", 8.25)


def test_values_between():
    readings = parse_log(LOG)
    assert values_between(readings, "2024-03-01T10:30", "2024-03-01T12:00") == [8.25, 9.0]


def test_latest():
    assert latest(parse_log(LOG)) == ("2024-03-01T12:00", 9.0)
    assert latest([]) is None

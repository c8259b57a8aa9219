from logscan import error_messages, level_counts


def test_every_error_is_reported():
    lines = ["INFO: start", "ERROR: disk full", "INFO: retry", "ERROR:  gave up"]
    assert error_messages(lines) == ["disk full", "gave up"]


def test_no_errors():
    assert error_messages(["INFO: ok", "WARN: slow"]) == []


def test_single_error():
    assert error_messages(["ERROR: boom", "INFO: stopped"]) == ["boom"]


def test_level_counts():
    assert level_counts(["INFO: a", "ERROR: b", "INFO: c", "no level"]) == {"INFO": 2, "ERROR": 1}

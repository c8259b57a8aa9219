from mod import summarize_log


def test_empty_log():
    assert summarize_log([]) == ({}, [])


def test_mixed_levels():
    assert summarize_log(["ERROR: disk full", "info: started"]) == (
        {"ERROR": 1, "INFO": 1},
        ["disk full"],
    )


def test_error_messages():
    assert summarize_log(["error: a", "ERROR: b"])[1] == ["a", "b"]


def test_same_level_counted():
    assert summarize_log(["warn: slow", "WARN: slow again"]) == ({"WARN": 2}, [])

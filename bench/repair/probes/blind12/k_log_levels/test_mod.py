from mod import parse_line, level_counts, at_least, longest_error_burst


LOG = [
    "2024-05-02 10:00:01 INFO service started",
    "2024-05-02 10:00:05 ERROR db connection refused",
    "Traceback (most recent call last):",
    "  File \"app.py\", line 12, in connect",
    "2024-05-02 10:00:06 ERROR retry 1 failed",
    "2024-05-02 10:00:09 WARNING falling back to cache",
    "2024-05-02 10:00:10 CRITICAL cache unavailable",
]


def test_parse_line():
    assert parse_line("2024-05-02 10:00:01 INFO service started") == (
        "2024-05-02 10:00:01", "INFO", "service started")
    assert parse_line("just some text") is None
    assert parse_line("2024-05-02 10:00:01 NOTICE hello") is None


def test_level_counts():
    assert level_counts(LOG) == {"INFO": 1, "ERROR": 2, "WARNING": 1, "CRITICAL": 1}
    assert level_counts([]) == {}


def test_at_least():
    assert at_least(LOG, "WARNING") == [
        "db connection refused", "retry 1 failed",
        "falling back to cache", "cache unavailable"]
    assert at_least(LOG, "CRITICAL") == ["cache unavailable"]


def test_longest_error_burst():
    assert longest_error_burst(LOG) == 2
    assert longest_error_burst(LOG[:1]) == 0
    assert longest_error_burst([]) == 0


def test_burst_at_start_of_file():
    # reported: a log rotated mid-incident starts with errors and the burst is off by one
    lines = [
        "2024-05-03 00:00:00 ERROR disk full",
        "2024-05-03 00:00:01 ERROR disk full",
        "2024-05-03 00:00:02 INFO cleanup done",
    ]
    assert longest_error_burst(lines) == 2

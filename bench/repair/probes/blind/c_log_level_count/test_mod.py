from mod import count_levels


def test_basic_counts():
    lines = [
        "2024-03-01 10:00:01 INFO started",
        "2024-03-01 10:00:02 ERROR disk full",
        "2024-03-01 10:00:03 INFO retry",
    ]
    assert count_levels(lines) == {"INFO": 2, "ERROR": 1}


def test_short_lines_ignored():
    assert count_levels(["", "garbage", "2024-03-01 10:00:01 WARN low memory"]) == {"WARN": 1}


def test_levels_case_insensitive():
    lines = [
        "2024-03-01 10:00:01 error timeout",
        "2024-03-01 10:00:02 Error refused",
        "2024-03-01 10:00:03 ERROR crash",
    ]
    assert count_levels(lines) == {"ERROR": 3}

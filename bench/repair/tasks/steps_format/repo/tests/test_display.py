from display import group_thousands, progress_line, short_count


def test_group_thousands():
    assert group_thousands(1000) == "1,000"
    assert group_thousands(12345) == "12,345"
    assert group_thousands(1002003) == "1,002,003"


def test_small_numbers():
    assert group_thousands(0) == "0"
    assert group_thousands(7) == "7"
    assert group_thousands(999) == "999"


def test_short_count():
    assert short_count(950) == "950"
    assert short_count(12300) == "12.3k"
    assert short_count(2500000) == "2.5M"


def test_progress_line():
    assert progress_line(7500, 10000) == "7,500 / 10,000 steps (75%)"
    assert progress_line(12001, 8000) == "12,001 / 8,000 steps (150%)"

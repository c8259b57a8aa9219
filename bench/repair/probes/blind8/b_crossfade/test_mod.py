from mod import start_times, total_duration


def test_start_times_without_crossfade():
    assert start_times([100, 200, 50], 0) == [0, 100, 300]


def test_start_times_with_crossfade():
    assert start_times([100, 200, 50], 5) == [0, 95, 290]


def test_total_duration():
    assert total_duration([100, 200, 50], 5) == 340


def test_empty_playlist():
    assert start_times([], 5) == []
    assert total_duration([], 5) == 0

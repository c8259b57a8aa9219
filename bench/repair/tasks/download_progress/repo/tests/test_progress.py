from progress import percent, progress_text


def test_percent():
    assert percent(1, 3) == 33.3
    assert percent(5, 0) == 0.0


def test_progress_partway():
    assert progress_text(450, 1000) == "45.0% (450 of 1000 bytes)"


def test_progress_at_start():
    assert progress_text(0, 1000) == "0.0% (0 of 1000 bytes)"

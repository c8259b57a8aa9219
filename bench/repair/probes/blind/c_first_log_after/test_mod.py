from mod import first_at_or_after


def test_exact_match():
    assert first_at_or_after([100, 200, 300, 400], 300) == 2


def test_between_values():
    assert first_at_or_after([100, 200, 300, 400], 250) == 2


def test_after_all():
    assert first_at_or_after([100, 200], 999) == 2


def test_empty_log():
    assert first_at_or_after([], 5) == 0

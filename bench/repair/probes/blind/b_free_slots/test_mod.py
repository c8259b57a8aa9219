from mod import free_slots


def test_single_meeting():
    assert free_slots([(600, 660)], 540, 1020) == [(540, 600), (660, 1020)]


def test_back_to_back_meetings():
    meetings = [(540, 600), (600, 630), (700, 760)]
    assert free_slots(meetings, 540, 1020) == [(630, 700), (760, 1020)]


def test_empty_day():
    assert free_slots([], 540, 1020) == [(540, 1020)]

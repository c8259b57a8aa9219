from mod import free_slots


def test_empty_day():
    assert free_slots([], 540, 1020) == [(540, 1020)]


def test_single_meeting_in_middle():
    assert free_slots([(600, 660)], 540, 1020) == [(540, 600), (660, 1020)]


def test_unsorted_meetings():
    meetings = [(840, 900), (600, 660)]
    assert free_slots(meetings, 540, 1020) == [(540, 600), (660, 840), (900, 1020)]


def test_overlapping_meetings():
    meetings = [(600, 720), (630, 690), (700, 750)]
    assert free_slots(meetings, 540, 1020) == [(540, 600), (750, 1020)]


def test_fully_booked():
    assert free_slots([(540, 780), (780, 1020)], 540, 1020) == []

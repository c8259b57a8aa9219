from events import heaviest_hour, rain_events, rain_rate


def test_single_event_with_short_break():
    assert rain_events([0, 1.2, 0.4, 0, 2.0]) == [3.6]
    assert rain_events([0, 0, 0]) == []


def test_separate_events():
    hours = [0.5, 1.5, 0, 0, 0, 0, 0.8, 0, 0, 0, 2.2, 0.2]
    assert rain_events(hours) == [2.0, 0.8, 2.4]


def test_event_closed_by_dry_spell():
    assert rain_events([1.0, 0.6, 0, 0, 0, 0, 0]) == [1.6]
    assert rain_events([0.4, 0, 0.4, 0, 0.4], dry_hours=1) == [0.4, 0.4, 0.4]


def test_heaviest_hour_and_rate():
    assert heaviest_hour([0, 1.2, 3.0, 3.0, 0.2]) == (2, 3.0)
    assert heaviest_hour([0, 0]) is None
    assert rain_rate(7.5, 3) == 2.5
    assert rain_rate(1.0, 0) == 0.0

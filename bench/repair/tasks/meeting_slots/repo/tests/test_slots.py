from slots import as_clock, slot_count, slot_labels, slot_starts


def test_slot_count():
    assert slot_count(540, 720, 60) == 3
    assert slot_count(540, 700, 60) == 2


def test_clock_format():
    assert as_clock(545) == "09:05"
    assert as_clock(0) == "00:00"


def test_slot_starts_cover_the_day():
    assert slot_starts(540, 720, 60) == [540, 600, 660]
    assert slot_starts(600, 630, 30) == [600]
    assert slot_starts(600, 620, 30) == []


def test_slot_labels():
    assert slot_labels(540, 660, 30) == ["09:00-09:30", "09:30-10:00", "10:00-10:30", "10:30-11:00"]

from mod import first_lesson_start, hhmm, last_lesson_end

LESSONS = [
    {"day": "Mon", "start": 9 * 60, "end": 9 * 60 + 45},
    {"day": "Mon", "start": 13 * 60, "end": 13 * 60 + 45},
    {"day": "Tue", "start": 8 * 60, "end": 8 * 60 + 45},
]


def test_first_lesson_start():
    assert first_lesson_start(LESSONS, "Mon") == 540
    assert first_lesson_start(LESSONS, "Tue") == 480


def test_last_lesson_end():
    assert last_lesson_end(LESSONS, "Mon") == 825
    assert last_lesson_end(LESSONS, "Tue") == 525


def test_free_day():
    assert first_lesson_start(LESSONS, "Fri") is None
    assert last_lesson_end(LESSONS, "Fri") is None


def test_hhmm():
    assert hhmm(540) == "09:00"
    assert hhmm(825) == "13:45"

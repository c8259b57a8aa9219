from school_day import day_ends, format_time, lesson_slots, to_minutes


def test_clock_conversions():
    assert to_minutes("08:45") == 525
    assert to_minutes("00:00") == 0
    assert format_time(525) == "08:45"
    assert format_time(13 * 60 + 5) == "13:05"


def test_lesson_slots_with_breaks():
    assert lesson_slots("09:00", [50, 50, 30], gap=10) == [
        ["09:00", "09:50"],
        ["10:00", "10:50"],
        ["11:00", "11:30"],
    ]


def test_single_lesson_uses_default_gap():
    assert lesson_slots("13:15", [60]) == [["13:15", "14:15"]]
    assert lesson_slots("08:30", [40, 40]) == [["08:30", "09:10"], ["09:15", "09:55"]]


def test_no_gap_between_lessons():
    assert lesson_slots("10:55", [5, 60], gap=0) == [["10:55", "11:00"], ["11:00", "12:00"]]


def test_no_lessons():
    assert lesson_slots("09:00", []) == []
    assert day_ends("09:00", []) == "09:00"


def test_day_ends():
    assert day_ends("08:50", [60, 60, 45], gap=15) == "12:05"

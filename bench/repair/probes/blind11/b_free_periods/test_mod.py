from mod import period_start, fmt_time, free_periods, morning_subjects, first_free_time

MONDAY = {1: "Maths", 2: "English", 4: "Art", 5: "PE", 6: "Science"}


def test_period_start():
    assert period_start(1) == 540
    assert period_start(3) == 640


def test_fmt_time():
    assert fmt_time(540) == "09:00"
    assert fmt_time(905) == "15:05"


def test_free_periods():
    assert free_periods(MONDAY, 6) == [3]
    assert free_periods({1: "Maths", 4: "Art"}, 4) == [2, 3]


def test_morning_subjects():
    assert morning_subjects(MONDAY, 3) == ["Maths", "English"]
    assert morning_subjects(MONDAY, 1) == ["Maths"]


def test_first_free_time():
    assert first_free_time(MONDAY, 6) == "10:40"
    assert first_free_time({1: "Maths", 2: "Art"}, 2) is None


def test_last_period_free_is_listed():
    # Friday ends early for this class but period 6 was not shown as free
    friday = {1: "Maths", 2: "English", 3: "Art", 4: "PE", 5: "Music"}
    assert free_periods(friday, 6) == [6]
    assert first_free_time(friday, 6) == "13:10"

from workouts import favourite_activity, minutes_by_activity, parse_entry, weekly_average


def test_parse_entry():
    assert parse_entry("  Cycling , 45") == ("Cycling", 45)


def test_lower_case_log():
    assert minutes_by_activity(["run, 30", "swim, 20", "run, 15"]) == {"run": 45, "swim": 20}


def test_names_are_case_insensitive():
    assert minutes_by_activity(["Run, 30", "run, 15", "Yoga,60", "YOGA, 10"]) == {"run": 45, "yoga": 70}


def test_blank_lines_are_skipped():
    assert minutes_by_activity(["", "Swim, 25", "   "]) == {"swim": 25}
    assert minutes_by_activity([]) == {}


def test_favourite_activity():
    assert favourite_activity(["Run, 30", "Swim, 40", "run, 20"]) == "run"
    assert favourite_activity(["swim, 30", "bike, 30"]) == "bike"
    assert favourite_activity([]) is None


def test_weekly_average():
    assert weekly_average(["Run, 30", "", "Swim, 40", "run, 30"], 4) == 25.0
    assert weekly_average(["Row, 10"], 3) == 3.3

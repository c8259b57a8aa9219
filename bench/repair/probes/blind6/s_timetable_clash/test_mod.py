from mod import find_clashes, to_minutes


def test_to_minutes():
    assert to_minutes("09:30") == 570


def test_touching_sessions_do_not_clash():
    sessions = [("MATH", "Mon", "09:00", "10:00"), ("PHYS", "Mon", "10:00", "11:00")]
    assert find_clashes(sessions) == []


def test_overlap_on_same_day():
    sessions = [
        ("MATH", "Mon", "09:00", "10:30"),
        ("PHYS", "Mon", "10:00", "11:00"),
        ("CHEM", "Tue", "10:00", "11:00"),
    ]
    assert find_clashes(sessions) == [("Mon", "MATH", "PHYS")]


def test_different_days_do_not_clash():
    sessions = [("ART", "Wed", "13:00", "14:00"), ("MUSIC", "Thu", "13:00", "14:00")]
    assert find_clashes(sessions) == []

from weekdays import is_weekend, weekday_name


def test_sunday():
    assert weekday_name(6) == "Sunday"


def test_monday():
    assert weekday_name(0) == "Monday"
    assert not is_weekend(2)

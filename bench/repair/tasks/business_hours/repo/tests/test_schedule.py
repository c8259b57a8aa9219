from datetime import datetime

from schedule import hours_label, is_business_hours, next_opening

TUESDAY = datetime(2024, 5, 7)
FRIDAY = datetime(2024, 5, 10)
SATURDAY = datetime(2024, 5, 11)
MONDAY = datetime(2024, 5, 13)


def test_open_on_weekday_morning():
    assert is_business_hours(TUESDAY.replace(hour=10))


def test_closed_in_the_evening():
    assert not is_business_hours(TUESDAY.replace(hour=20))


def test_closed_on_saturday_daytime():
    assert not is_business_hours(SATURDAY.replace(hour=11))


def test_next_opening_after_friday_close():
    assert next_opening(FRIDAY.replace(hour=18)) == MONDAY.replace(hour=9)


def test_next_opening_when_open_and_label():
    moment = TUESDAY.replace(hour=10, minute=30)
    assert next_opening(moment) == moment
    assert hours_label() == "Mon-Fri 09:00-17:00"

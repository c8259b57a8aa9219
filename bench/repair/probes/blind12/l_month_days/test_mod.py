from datetime import date

from mod import days_in_month, weekdays_in_month, nth_weekday, meeting_dates

MON, TUE, FRI = 0, 1, 4


def test_days_in_month():
    assert days_in_month(2024, 2) == 29
    assert days_in_month(2023, 2) == 28
    assert days_in_month(2024, 4) == 30


def test_weekdays_in_month():
    assert weekdays_in_month(2024, 4, MON) == [
        date(2024, 4, 1), date(2024, 4, 8), date(2024, 4, 15),
        date(2024, 4, 22), date(2024, 4, 29)]


def test_nth_weekday():
    assert nth_weekday(2024, 3, TUE, 2) == date(2024, 3, 12)
    assert nth_weekday(2024, 3, TUE, -1) == date(2024, 3, 26)
    assert nth_weekday(2024, 3, TUE, 5) is None


def test_meeting_dates():
    dates = meeting_dates(2024, MON, 1)
    assert len(dates) == 12
    assert dates[0] == date(2024, 1, 1)
    assert dates[-1] == date(2024, 12, 2)


def test_last_friday_on_last_day_of_month():
    # reported: the 'last Friday' retro in May 2024 was booked on the 24th, not the 31st
    assert nth_weekday(2024, 5, FRI, -1) == date(2024, 5, 31)
    assert len(weekdays_in_month(2024, 5, FRI)) == 5

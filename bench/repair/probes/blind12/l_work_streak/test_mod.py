from datetime import date

from mod import parse_day, longest_streak, days_off, breaks_rest_rule


def d(text):
    return parse_day(text)


def test_parse_day():
    assert parse_day("2024-02-29") == date(2024, 2, 29)


def test_longest_streak():
    days = [d("2024-03-01"), d("2024-03-02"), d("2024-03-03"),
            d("2024-03-05"), d("2024-03-06")]
    assert longest_streak(days) == 3
    assert longest_streak([d("2024-02-28"), d("2024-02-29"), d("2024-03-01"),
                           d("2024-02-29")]) == 3
    assert longest_streak([]) == 0


def test_days_off():
    days = [d("2024-03-01"), d("2024-03-03")]
    assert days_off(days, d("2024-03-01"), d("2024-03-04")) == 2
    assert days_off([], d("2024-03-01"), d("2024-03-01")) == 1


def test_breaks_rest_rule():
    week = [d("2024-04-0%d" % i) for i in range(1, 8)]
    assert breaks_rest_rule(week) is True
    assert breaks_rest_rule(week[:6]) is False


def test_streak_for_part_timer_on_alternate_days():
    # reported: someone working every other day shows a longest streak of 0
    days = [d("2024-03-04"), d("2024-03-06"), d("2024-03-08")]
    assert longest_streak(days) == 1
    assert longest_streak([d("2024-03-10")]) == 1

from datetime import datetime

from mod import feasible_connections


def t(hh, mm):
    return datetime(2024, 3, 8, hh, mm)


def test_catches_later_trains_only():
    deps = [("IC101", "Utrecht", t(9, 5)), ("IC103", "Utrecht", t(9, 20)),
            ("SPR7", "Utrecht", t(9, 45))]
    assert feasible_connections(("Utrecht", t(9, 0)), deps) == ["IC103", "SPR7"]


def test_exact_transfer_time_is_enough():
    deps = [("IC200", "Utrecht", t(10, 10))]
    assert feasible_connections(("Utrecht", t(10, 0)), deps) == ["IC200"]


def test_custom_transfer_time():
    deps = [("IC300", "Utrecht", t(11, 10)), ("IC302", "Utrecht", t(11, 20))]
    assert feasible_connections(("Utrecht", t(11, 0)), deps, min_transfer=15) == ["IC302"]


def test_ignores_trains_from_other_stations():
    deps = [("IC400", "Amersfoort", t(12, 30)), ("IC401", "Utrecht", t(12, 40)),
            ("IC402", "Gouda", t(12, 50))]
    assert feasible_connections(("Utrecht", t(12, 0)), deps) == ["IC401"]


def test_no_departures():
    assert feasible_connections(("Utrecht", t(13, 0)), []) == []

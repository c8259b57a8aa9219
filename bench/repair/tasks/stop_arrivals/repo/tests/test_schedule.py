from schedule import arrival_times, timetable, to_clock


def test_to_clock():
    assert to_clock(0) == "00:00"
    assert to_clock(605) == "10:05"
    assert to_clock(1445) == "00:05"


def test_arrival_times():
    assert arrival_times(600, [5, 7, 4], 1) == [605, 613, 618]


def test_arrival_times_with_longer_dwell():
    assert arrival_times(0, [10, 10], 3) == [10, 23]


def test_arrival_times_without_dwell():
    assert arrival_times(600, [5, 7], 0) == [605, 612]
    assert arrival_times(600, [], 2) == []


def test_timetable():
    assert timetable(["Depot", "Mill Lane", "Square"], 1430, [6, 9], dwell=2) == [
        ("Depot", "23:50"),
        ("Mill Lane", "23:56"),
        ("Square", "00:07"),
    ]

from mod import session_fee, still_parked, revenue, longest_stay

DAY = [
    {"plate": "AB1", "entry": 480, "exit": 490},
    {"plate": "CD2", "entry": 500, "exit": 630},
    {"plate": "EF3", "entry": 540, "exit": 1200},
]


def test_session_fee():
    assert session_fee(10) == 0.0
    assert session_fee(60) == 2.50
    assert session_fee(61) == 5.00
    assert session_fee(600) == 18.00


def test_still_parked():
    sessions = DAY + [{"plate": "GH4", "entry": 700, "exit": None}]
    assert still_parked(sessions) == ["GH4"]
    assert still_parked(DAY) == []


def test_revenue():
    assert revenue(DAY) == 25.50
    assert revenue([]) == 0


def test_longest_stay():
    assert longest_stay(DAY) == ("EF3", 660)
    assert longest_stay([{"plate": "X", "entry": 5, "exit": None}]) is None


def test_revenue_while_cars_are_still_inside():
    # report: the mid-day revenue report crashed while the car park was open
    sessions = DAY + [{"plate": "GH4", "entry": 700, "exit": None}]
    assert revenue(sessions) == 25.50

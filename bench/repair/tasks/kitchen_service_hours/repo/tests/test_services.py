from services import covers_by_service, minutes_to_last_order, service_for, to_minutes


def test_to_minutes():
    assert to_minutes("00:00") == 0
    assert to_minutes(" 18:45") == 1125


def test_lunch_and_dinner():
    assert service_for("12:00") == "lunch"
    assert service_for("14:59") == "lunch"
    assert service_for("15:00") is None
    assert service_for("17:30") is None
    assert service_for("18:00") == "dinner"
    assert service_for("22:29") == "dinner"


def test_after_dinner_is_closed():
    assert service_for("22:30") is None
    assert service_for("23:15") is None


def test_covers_by_service():
    orders = [("12:30", 4), ("13:10", 2), ("19:00", 6), ("23:05", 3), ("09:00", 2)]
    assert covers_by_service(orders) == {"lunch": 6, "dinner": 6}


def test_minutes_to_last_order():
    assert minutes_to_last_order("14:20") == 40
    assert minutes_to_last_order("21:45") == 45
    assert minutes_to_last_order("16:00") == 0

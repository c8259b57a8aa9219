from mod import latest_status


def test_no_events():
    assert latest_status([]) is None


def test_single_event():
    assert latest_status([{"timestamp": "2024-03-01T08:00", "status": "PICKED_UP"}]) == "PICKED_UP"


def test_in_order():
    events = [
        {"timestamp": "2024-03-01T08:00", "status": "PICKED_UP"},
        {"timestamp": "2024-03-02T10:30", "status": "IN_TRANSIT"},
    ]
    assert latest_status(events) == "IN_TRANSIT"


def test_out_of_order_feed():
    events = [
        {"timestamp": "2024-03-03T14:00", "status": "DELIVERED"},
        {"timestamp": "2024-03-01T08:00", "status": "PICKED_UP"},
        {"timestamp": "2024-03-02T10:30", "status": "IN_TRANSIT"},
    ]
    assert latest_status(events) == "DELIVERED"

from mod import WaitingRoom


def test_empty_room():
    assert WaitingRoom().call_next() is None


def test_most_urgent_first():
    room = WaitingRoom()
    room.check_in("Bella", 2)
    room.check_in("Max", 5)
    assert room.call_next() == "Max"
    assert room.call_next() == "Bella"


def test_same_urgency_in_arrival_order():
    room = WaitingRoom()
    room.check_in("Zeus", 3)
    room.check_in("Apollo", 3)
    room.check_in("Luna", 3)
    assert [room.call_next() for _ in range(3)] == ["Zeus", "Apollo", "Luna"]

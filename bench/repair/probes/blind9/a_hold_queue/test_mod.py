from mod import HoldQueue


def test_holds_are_served_in_order():
    q = HoldQueue()
    assert q.place_hold("ann")
    assert q.place_hold("bob")
    assert q.next_patron() == "ann"
    assert q.next_patron() == "bob"
    assert q.next_patron() is None


def test_position():
    q = HoldQueue()
    q.place_hold("ann")
    q.place_hold("bob")
    assert q.position("bob") == 2
    assert q.position("cat") is None


def test_blocked_card_cannot_hold():
    q = HoldQueue(blocked=["dan"])
    assert not q.place_hold("dan")
    assert q.next_patron() is None


def test_second_hold_keeps_place():
    q = HoldQueue()
    q.place_hold("ann")
    q.place_hold("bob")
    assert not q.place_hold("ann")
    assert q.position("ann") == 1
    q.next_patron()
    assert q.next_patron() == "bob"

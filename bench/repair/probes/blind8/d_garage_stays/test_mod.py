from mod import Garage


def test_enter_uses_a_space():
    g = Garage(2)
    assert g.enter("AA1", 0)
    assert g.free_spaces() == 1


def test_full_or_duplicate_is_refused():
    g = Garage(1)
    assert g.enter("AA1", 0)
    assert not g.enter("AA1", 5)
    assert not g.enter("BB2", 5)


def test_leave_returns_stay_length():
    g = Garage(2)
    g.enter("AA1", 30)
    assert g.leave("AA1", 95) == 65


def test_leaving_frees_the_space():
    g = Garage(1)
    g.enter("AA1", 0)
    g.leave("AA1", 10)
    assert g.free_spaces() == 1
    assert g.enter("BB2", 12)

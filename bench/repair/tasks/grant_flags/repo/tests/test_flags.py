from flags import grant, revoke


def test_grant_twice_keeps_the_flag():
    assert grant(2, 2, 4) == 6


def test_grant_new_flags():
    assert grant(0, 1, 4) == 5


def test_revoke():
    assert revoke(7, 2) == 5

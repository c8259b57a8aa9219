from mod import hand_value


def test_blackjack():
    assert hand_value(["A", "K"]) == 21


def test_number_cards():
    assert hand_value(["7", "9"]) == 16


def test_two_aces():
    assert hand_value(["A", "A"]) == 12


def test_soft_ace_becomes_hard():
    assert hand_value(["A", "9", "5"]) == 15


def test_bust_without_aces():
    assert hand_value(["K", "Q", "5"]) == 25

from mod import hand_value, is_blackjack, is_bust


def test_plain_cards():
    assert hand_value(["10", "7"]) == 17


def test_blackjack():
    assert hand_value(["A", "K"]) == 21
    assert is_blackjack(["A", "K"])
    assert not is_blackjack(["7", "7", "7"])


def test_two_aces():
    assert hand_value(["A", "A"]) == 12


def test_ace_counted_as_one():
    assert hand_value(["A", "9", "5"]) == 15


def test_bust():
    assert is_bust(["K", "Q", "2"])
    assert not is_bust(["A", "K", "Q"])

from mod import is_straight


def test_ordinary_straight():
    assert is_straight(["9h", "Td", "Jc", "Qs", "Kh"])


def test_unordered_straight():
    assert is_straight(["6c", "3d", "5h", "7s", "4c"])


def test_broadway():
    assert is_straight(["Ah", "Kd", "Qc", "Js", "Th"])


def test_wheel_ace_low():
    assert is_straight(["Ah", "2d", "3c", "4s", "5h"])


def test_gap_is_not_straight():
    assert not is_straight(["2h", "3d", "4c", "5s", "7h"])


def test_pair_is_not_straight():
    assert not is_straight(["5h", "5d", "6c", "7s", "8h"])

from mod import is_balanced, first_mismatch


def test_balanced_code():
    assert is_balanced("f(a[1], {b: 2})")
    assert is_balanced("")


def test_wrong_order():
    assert not is_balanced("(]")


def test_extra_closer():
    assert not is_balanced("())")


def test_unclosed():
    assert not is_balanced("((")


def test_first_mismatch():
    assert first_mismatch("(a)]") == 3
    assert first_mismatch("([])") == -1

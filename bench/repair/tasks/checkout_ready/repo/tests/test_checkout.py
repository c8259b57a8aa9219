from checkout import can_checkout, cart_size


def test_empty_cart_cannot_check_out():
    assert not can_checkout([], True)


def test_unverified():
    assert not can_checkout(["tea"], False)


def test_ready():
    assert can_checkout(["tea"], True)
    assert cart_size(["tea", "tea"]) == 1

from mod import can_fill_exactly


def test_exact_subset_exists():
    assert can_fill_exactly([300, 500, 200, 700], 1000) is True


def test_no_subset():
    assert can_fill_exactly([300, 450], 1000) is False


def test_single_crate_matches():
    assert can_fill_exactly([1000], 1000) is True


def test_no_crates():
    assert can_fill_exactly([], 500) is False

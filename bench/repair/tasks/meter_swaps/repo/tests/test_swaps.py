from swaps import billed_usage, parse_events, swap_count


def test_usage_without_swap():
    assert billed_usage([("read", 100), ("read", 150), ("read", 210)]) == 110


def test_usage_across_a_swap():
    events = [("read", 100), ("read", 180), ("swap", 0), ("read", 40), ("read", 65)]
    assert billed_usage(events) == 145


def test_swap_with_nonzero_start():
    assert billed_usage([("read", 9000), ("swap", 500), ("read", 520)]) == 20
    assert billed_usage([("swap", 10), ("read", 30)]) == 20


def test_no_events():
    assert billed_usage([]) == 0
    assert billed_usage([("read", 70)]) == 0


def test_parse_events():
    assert parse_events(["read 100", " SWAP 0 ", "", "read 40"]) == [("read", 100), ("swap", 0), ("read", 40)]


def test_swap_count():
    assert swap_count([("read", 1), ("swap", 0), ("read", 5), ("swap", 0)]) == 2
    assert swap_count([]) == 0

from mod import merge_busy, combined_busy, common_free, busy_minutes


def test_merge_busy():
    assert merge_busy([(600, 660), (540, 570), (650, 700)]) == [(540, 570), (600, 700)]
    assert merge_busy([(540, 600), (600, 630)]) == [(540, 630)]
    assert merge_busy([]) == []


def test_combined_busy():
    cals = {"ana": [(540, 600)], "ben": [(570, 630), (720, 780)]}
    assert combined_busy(cals) == [(540, 630), (720, 780)]


def test_common_free():
    cals = {"ana": [(540, 600)], "ben": [(570, 630), (720, 780)]}
    assert common_free(cals, 540, 1020) == [(630, 720), (780, 1020)]
    assert common_free({}, 540, 600) == [(540, 600)]


def test_busy_minutes():
    assert busy_minutes([(540, 600), (570, 630)]) == 90


def test_short_meeting_inside_long_one():
    # reported: a 1h call inside someone's all-morning workshop shows the early morning as free
    cals = {"ana": [(540, 720)], "ben": [(600, 660)]}
    assert combined_busy(cals) == [(540, 720)]
    assert common_free(cals, 540, 1020) == [(720, 1020)]

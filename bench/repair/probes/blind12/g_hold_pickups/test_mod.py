from mod import pickup_rate, longest_no_show_run, should_suspend, patrons_to_warn


def test_pickup_rate():
    assert pickup_rate([True, False, True, True]) == 0.75
    assert pickup_rate([]) == 1.0


def test_longest_no_show_run():
    assert longest_no_show_run([True, False, False, True, False]) == 2
    assert longest_no_show_run([False, False, False]) == 3


def test_should_suspend():
    assert should_suspend([False, False, False, True]) is True
    assert should_suspend([False, True, False, True]) is False
    assert should_suspend([False, False], max_run=2) is True


def test_patrons_to_warn():
    histories = {
        "kim": [True, False, False, True],
        "lee": [False, False, False],
        "ola": [True, False, True],
    }
    assert patrons_to_warn(histories) == ["kim"]
    assert patrons_to_warn(histories, max_run=4) == ["lee"]


def test_patron_who_always_collects_has_no_no_show_run():
    # report: patrons with a perfect record got a warning letter when max_run was set to 2
    assert longest_no_show_run([True, True, True]) == 0
    assert patrons_to_warn({"ada": [True, True], "bo": [False, True]}, max_run=2) == ["bo"]

from mod import longest_night_run


def test_empty_rota():
    assert longest_night_run([]) == 0


def test_no_nights():
    assert longest_night_run(["D", "D", "OFF", "E"]) == 0


def test_single_block():
    assert longest_night_run(["D", "N", "N", "N", "OFF"]) == 3


def test_runs_broken_by_days_off():
    rota = ["N", "N", "OFF", "OFF", "N", "N", "OFF", "N"]
    assert longest_night_run(rota) == 2


def test_longest_run_at_end():
    rota = ["N", "OFF", "N", "N", "N", "N"]
    assert longest_night_run(rota) == 4

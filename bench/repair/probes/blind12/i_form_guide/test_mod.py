from mod import outcome, scores_for, form, unbeaten_run, form_points

RESULTS = [
    ("Rovers", "City", 1, 2),
    ("City", "Athletic", 0, 3),
    ("Athletic", "Rovers", 0, 2),
    ("Rovers", "Town", 4, 1),
]


def test_outcome():
    assert outcome(2, 0) == "W"
    assert outcome(1, 1) == "D"
    assert outcome(0, 1) == "L"


def test_scores_for():
    assert scores_for(RESULTS, "Rovers") == [(1, 2), (2, 0), (4, 1)]
    assert scores_for(RESULTS, "Town") == [(1, 4)]


def test_form():
    assert form(RESULTS, "Rovers") == "LWW"
    assert form(RESULTS, "Rovers", last=2) == "WW"
    assert form(RESULTS, "Nobody") == ""


def test_unbeaten_run():
    assert unbeaten_run(RESULTS, "Rovers") == 2
    assert unbeaten_run(RESULTS, "City") == 0


def test_form_points():
    assert form_points("WWDLW") == 10
    assert form_points("") == 0


def test_draw_does_not_end_unbeaten_run():
    results = RESULTS + [("Town", "Rovers", 2, 2)]
    assert unbeaten_run(results, "Rovers") == 3

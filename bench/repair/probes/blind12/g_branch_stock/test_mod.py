from mod import on_shelf, system_totals, availability_rate, best_branch

HOLDINGS = {
    "central": {"Dune": (4, 3), "Emma": (2, 0)},
    "north": {"Dune": (2, 0)},
    "harbour": {"Emma": (1, 1), "Dune": (2, 1)},
}


def test_on_shelf():
    assert on_shelf(HOLDINGS, "central", "Dune") == 1
    assert on_shelf(HOLDINGS, "north", "Emma") == 0
    assert on_shelf(HOLDINGS, "airport", "Dune") == 0


def test_system_totals():
    assert system_totals(HOLDINGS, "Dune") == (8, 4)
    assert system_totals(HOLDINGS, "Emma") == (3, 1)


def test_availability_rate():
    assert availability_rate(HOLDINGS, "Dune") == 0.5
    assert availability_rate({"north": {"Emma": (4, 1)}}, "Emma") == 0.75


def test_best_branch():
    assert best_branch(HOLDINGS, "Dune") == "north"
    assert best_branch(HOLDINGS, "Emma") == "central"
    assert best_branch({"north": {"Emma": (1, 1)}}, "Emma") is None


def test_availability_of_title_nobody_owns():
    # report: catalogue page crashed for a title that was ordered but not yet received
    assert availability_rate(HOLDINGS, "Ulysses") == 0.0

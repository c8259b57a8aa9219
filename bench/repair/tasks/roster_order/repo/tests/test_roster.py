from roster import captains, roster


def test_roster():
    assert roster(["Cleo", "Ann", "Bo"]) == ["Ann", "Bo", "Cleo"]


def test_captains_of_empty():
    assert captains([], 2) == []

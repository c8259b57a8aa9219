from mod import tally, winner


def test_tally():
    assert tally(["Ann", "bob", "ann"], ["Ann", "Bob"]) == {"Ann": 2, "Bob": 1}


def test_unknown_name_ignored():
    assert tally(["ann", "Bob", "zed"], ["Ann", "Bob"]) == {"Ann": 1, "Bob": 1}


def test_winner():
    assert winner(["bob", "Ann", " bob "], ["Ann", "Bob"]) == "Bob"


def test_no_votes():
    assert tally([], ["Ann"]) == {"Ann": 0}

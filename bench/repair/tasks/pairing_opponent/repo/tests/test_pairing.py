from pairing import have_met, next_opponent, pair_round


def test_have_met():
    assert have_met("ann", "bob", [("bob", "ann")])
    assert not have_met("ann", "cy", [("ann", "bob")])


def test_next_opponent_skips_players_already_paired():
    assert next_opponent("cy", ["ann", "bob", "cy", "dan"], {"ann", "bob"}, []) == "dan"


def test_next_opponent_skips_a_rematch():
    assert next_opponent("ann", ["ann", "bob", "cy"], set(), [("bob", "ann")]) == "cy"


def test_no_opponent_left():
    assert next_opponent("ann", ["ann", "bob"], {"bob"}, []) is None
    assert next_opponent("ann", ["ann"], set(), []) is None


def test_first_round():
    assert pair_round(["ann", "bob", "cy", "dan"], []) == ([("ann", "bob"), ("cy", "dan")], [])


def test_second_round_avoids_rematches():
    history = [("ann", "bob"), ("cy", "dan")]
    assert pair_round(["ann", "bob", "cy", "dan"], history) == ([("ann", "cy"), ("bob", "dan")], [])


def test_odd_number_of_players():
    assert pair_round(["ann", "bob", "cy"], []) == ([("ann", "bob")], ["cy"])

from bracket import bracket_size, first_round, seed_order


def test_seed_order_of_four():
    assert seed_order(4) == [1, 4, 2, 3]


def test_seed_order_of_eight_and_two():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(2) == [1, 2]


def test_seed_order_of_one():
    assert seed_order(1) == [1]


def test_bracket_size():
    assert bracket_size(5) == 8
    assert bracket_size(8) == 8
    assert bracket_size(3) == 4
    assert bracket_size(0) == 2


def test_first_round_with_byes():
    assert first_round(["ann", "bob", "cy"]) == [("ann", None), ("bob", "cy")]


def test_first_round_of_four():
    assert first_round(["ann", "bob", "cy", "dan"]) == [("ann", "dan"), ("bob", "cy")]


def test_too_few_players():
    assert first_round(["ann"]) == []
    assert first_round([]) == []

from rotation import next_turn, turn_order


def test_turn_order():
    assert turn_order(["ann", "bo", "cy"], 4) == ["ann", "bo", "cy", "ann"]


def test_next_turn_single():
    assert next_turn(["solo"]) == "solo"

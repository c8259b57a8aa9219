from mod import hanoi_moves


def test_no_discs_needs_no_moves():
    assert hanoi_moves(0) == []


def test_single_disc():
    assert hanoi_moves(1) == [("A", "C")]


def test_two_discs():
    assert hanoi_moves(2) == [("A", "B"), ("A", "C"), ("B", "C")]


def test_move_count_is_minimal():
    assert len(hanoi_moves(5)) == 31


def test_custom_peg_names():
    assert hanoi_moves(1, "left", "right", "middle") == [("left", "right")]

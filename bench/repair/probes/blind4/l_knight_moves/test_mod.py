from mod import knight_moves


def test_center_square_has_eight_moves():
    assert knight_moves("d4") == ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]


def test_corner_a1():
    assert knight_moves("a1") == ["b3", "c2"]


def test_starting_square_g1():
    assert knight_moves("g1") == ["e2", "f3", "h3"]


def test_corner_h8():
    assert knight_moves("h8") == ["f7", "g6"]


def test_edge_file_a5():
    assert knight_moves("a5") == ["b3", "b7", "c4", "c6"]

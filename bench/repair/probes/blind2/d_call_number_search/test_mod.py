from mod import find_shelf_position

SHELF = ["QA76.73", "QA76.9", "QC21.3", "QH308.2", "QP34.5"]


def test_found_in_middle():
    assert find_shelf_position(SHELF, "QC21.3") == 2


def test_found_at_end():
    assert find_shelf_position(SHELF, "QP34.5") == 4


def test_missing_call_number():
    assert find_shelf_position(SHELF, "QD31.2") == -1

from mod import count_fifteens


def test_no_fifteens():
    assert count_fifteens([1, 2, 3, 4, 2]) == 0


def test_single_pair_to_fifteen():
    assert count_fifteens([5, 10, 2, 3, 1]) == 2


def test_famous_29_hand_values():
    assert count_fifteens([5, 5, 5, 5, 10]) == 8


def test_empty_hand():
    assert count_fifteens([]) == 0


def test_custom_target():
    assert count_fifteens([1, 2, 3], target=3) == 2

from numlist import join_numbers, parse_numbers


def test_parse_numbers():
    assert parse_numbers("1, 2,3") == [1, 2, 3]


def test_join_numbers():
    assert join_numbers([4, 5]) == "4,5"

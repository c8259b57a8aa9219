from ratings import average_rating, stars


def test_average_rating():
    assert average_rating([4, 5, 4]) == 4.3


def test_no_ratings():
    assert average_rating([]) == 0.0


def test_stars():
    assert stars(3.6) == "****"

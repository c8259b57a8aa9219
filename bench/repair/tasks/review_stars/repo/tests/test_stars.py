from stars import average_stars, star_bar


def test_average_stars():
    assert average_stars([4, 5, 4]) == 4.3


def test_no_ratings():
    assert average_stars([]) == 0.0


def test_star_bar():
    assert star_bar(3.6) == "****-"
    assert star_bar(0) == "-----"

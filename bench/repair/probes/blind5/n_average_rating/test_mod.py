from mod import average_rating, rating_summary


def test_average():
    assert average_rating([4, 5, 3]) == 4.0


def test_average_half():
    assert average_rating([5, 4]) == 4.5


def test_no_ratings():
    assert average_rating([]) == 0.0


def test_summary():
    assert rating_summary({"mug": [5, 5, 4], "lamp": []}) == {"mug": 4.7, "lamp": 0.0}

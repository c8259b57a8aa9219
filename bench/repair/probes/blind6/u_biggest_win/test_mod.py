from mod import biggest_win, margin


def test_margin_home_win():
    assert margin(("Rovers", "United", 3, 1)) == 2


def test_margin_away_win():
    assert margin(("Rovers", "United", 0, 4)) == 4


def test_biggest_win():
    results = [("A", "B", 2, 1), ("C", "D", 1, 5), ("E", "F", 3, 0)]
    assert biggest_win(results) == ("C", "D", 1, 5)


def test_no_results():
    assert biggest_win([]) is None

from history import biggest_gain, peak_ratings, rating_deltas, summary_line


def test_rating_deltas():
    assert rating_deltas([1500, 1512, 1490, 1490]) == [0, 12, -22, 0]


def test_deltas_of_short_histories():
    assert rating_deltas([]) == []
    assert rating_deltas([1400]) == [0]


def test_biggest_gain():
    assert biggest_gain([1500, 1480, 1530, 1520]) == 50
    assert biggest_gain([1500, 1450, 1440]) == 0
    assert biggest_gain([]) == 0


def test_peak_ratings():
    assert peak_ratings([1500, 1480, 1530, 1525]) == [1500, 1500, 1530, 1530]
    assert peak_ratings([]) == []


def test_summary_line():
    assert summary_line("Ann", [1500, 1480]) == "Ann: 1500 -> 1480 (-20)"
    assert summary_line("Bob", [1600, 1600, 1630]) == "Bob: 1600 -> 1630 (+30)"

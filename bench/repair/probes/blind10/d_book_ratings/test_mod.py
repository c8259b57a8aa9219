from mod import average_rating, star_histogram, top_rated


def test_average_rating():
    assert average_rating([5, 4, 4]) == 4.3
    assert average_rating([3]) == 3
    assert average_rating([]) is None


def test_star_histogram():
    assert star_histogram([5, 5, 1]) == {1: 1, 2: 0, 3: 0, 4: 0, 5: 2}


def test_top_rated():
    reviews = {
        "Emma": [5, 4, 4],
        "Dune": [5, 5, 5, 4],
        "Ulysses": [2, 3, 3],
        "Hamlet": [5],
    }
    assert top_rated(reviews) == ["Dune", "Emma", "Ulysses"]
    assert top_rated(reviews, n=1) == ["Dune"]

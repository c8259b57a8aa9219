from reviews import star_counts, weighted_rating


def test_verified_reviews_count_double():
    assert weighted_rating([(5, True), (2, False)]) == 4.0


def test_unverified_reviews():
    assert weighted_rating([(4, False), (3, False), (3, False)]) == 3.33


def test_no_reviews():
    assert weighted_rating([]) is None


def test_star_counts():
    assert star_counts([(5, True), (4, False), (5, False)]) == {5: 2, 4: 1}

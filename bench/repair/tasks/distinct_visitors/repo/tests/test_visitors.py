from visitors import distinct_visitors, visits_of


def test_distinct_visitors():
    assert distinct_visitors(["a", "b", "a", "c", "b"]) == 3


def test_visits_of():
    assert visits_of(["a", "b", "a"], "a") == 2

from mod import merge_by_rating


def t(title, rating):
    return {"title": title, "rating": rating}


def titles(tracks):
    return [x["title"] for x in tracks]


def test_interleaved_merge():
    a = [t("a1", 5), t("a2", 3), t("a3", 1)]
    b = [t("b1", 4), t("b2", 2), t("b3", 0)]
    assert titles(merge_by_rating(a, b)) == ["a1", "b1", "a2", "b2", "a3", "b3"]


def test_first_list_empty():
    assert titles(merge_by_rating([], [t("x", 3), t("y", 1)])) == ["x", "y"]


def test_second_list_empty():
    assert titles(merge_by_rating([t("x", 3), t("y", 1)], [])) == ["x", "y"]


def test_second_list_runs_out_first():
    a = [t("a1", 5), t("a2", 1)]
    b = [t("b1", 4)]
    assert titles(merge_by_rating(a, b)) == ["a1", "b1", "a2"]


def test_ties_keep_first_list_first():
    assert titles(merge_by_rating([t("a", 3)], [t("b", 3)])) == ["a", "b"]

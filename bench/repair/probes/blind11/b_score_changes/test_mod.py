from mod import total_marks, score_changes, best_improvement, pass_count


def test_total_marks():
    assert total_marks([10, 20, 30]) == 60
    assert total_marks([]) == 0


def test_score_changes():
    assert score_changes({"amy": 50, "ben": 70}, {"amy": 65, "ben": 60}) == {"amy": 15, "ben": -10}
    assert score_changes({"amy": 50}, {"cat": 40}) == {}


def test_best_improvement():
    before = {"amy": 50, "ben": 70, "cat": 40}
    after = {"amy": 65, "ben": 60, "cat": 48}
    assert best_improvement(before, after) == ("amy", 15)
    assert best_improvement({}, {}) == (None, None)


def test_pass_count():
    assert pass_count({"amy": 50, "ben": 49, "cat": 90}) == 2
    assert pass_count({"amy": 30}, pass_mark=25) == 1


def test_best_improvement_when_whole_class_dropped():
    # hard exam: everybody went down, the smallest drop is the best
    before = {"amy": 80, "ben": 70}
    after = {"amy": 75, "ben": 68}
    assert best_improvement(before, after) == ("ben", -2)

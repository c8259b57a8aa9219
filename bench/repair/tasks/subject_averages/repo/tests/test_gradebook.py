from gradebook import missing_scores, subject_averages, top_student

GRADEBOOK = {
    "amir": {"maths": [70, 80], "science": [65], "art": []},
    "beth": {"maths": [90], "science": [75, 85]},
    "cara": {"science": [50]},
}


def test_averages_cover_every_subject():
    assert subject_averages(GRADEBOOK) == {"maths": 80.0, "science": 68.8}


def test_average_of_one_subject_class():
    assert subject_averages({"dan": {"latin": [61, 62]}, "eve": {"latin": [64]}}) == {"latin": 62.3}


def test_no_scores_yet():
    assert subject_averages({}) == {}
    assert subject_averages({"dan": {"latin": []}}) == {}


def test_empty_first_subject_is_skipped():
    assert subject_averages({"fay": {"art": [], "music": [58, 71]}}) == {"music": 64.5}


def test_top_student():
    assert top_student(GRADEBOOK, "science") == "beth"
    assert top_student({"x": {"pe": [60]}, "y": {"pe": [60]}}, "pe") == "x"
    assert top_student(GRADEBOOK, "drama") is None


def test_missing_scores():
    assert missing_scores(GRADEBOOK, ["maths", "science"]) == ["cara"]
    assert missing_scores(GRADEBOOK, ["art"]) == ["amir", "beth", "cara"]

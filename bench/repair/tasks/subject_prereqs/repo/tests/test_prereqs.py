from prereqs import all_prerequisites, prerequisite_depth, study_order

PREREQS = {
    "Further Maths": ["Maths"],
    "Maths": ["Algebra"],
    "Physics": ["Maths", "Science"],
    "Science": [],
}


def test_subject_without_prerequisites():
    assert prerequisite_depth("Algebra", PREREQS) == 0
    assert prerequisite_depth("Science", PREREQS) == 0


def test_prerequisite_depth_follows_longest_chain():
    assert prerequisite_depth("Maths", PREREQS) == 1
    assert prerequisite_depth("Physics", PREREQS) == 2
    assert prerequisite_depth("Further Maths", PREREQS) == 2


def test_all_prerequisites():
    assert all_prerequisites("Physics", PREREQS) == ["Algebra", "Maths", "Science"]
    assert all_prerequisites("Algebra", PREREQS) == []


def test_all_prerequisites_shared_chain():
    prereqs = {"C": ["A", "B"], "B": ["A"], "A": []}
    assert all_prerequisites("C", prereqs) == ["A", "B"]


def test_study_order():
    subjects = ["Physics", "Maths", "Science", "Algebra", "Further Maths"]
    assert study_order(subjects, PREREQS) == ["Algebra", "Science", "Maths", "Further Maths", "Physics"]

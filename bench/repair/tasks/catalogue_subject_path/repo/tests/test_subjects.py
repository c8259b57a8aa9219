from subjects import breadcrumb, narrower_terms, subject_depth, subject_path

PARENTS = {
    "Science": None,
    "Biology": "Science",
    "Botany": "Biology",
    "Zoology": "Biology",
    "Arts": None,
    "Music": "Arts",
}


def test_subject_path():
    assert subject_path("Botany", PARENTS) == ["Science", "Biology", "Botany"]
    assert subject_path("Arts", PARENTS) == ["Arts"]


def test_breadcrumb():
    assert breadcrumb("Music", PARENTS) == "Arts > Music"
    assert breadcrumb("Zoology", PARENTS, sep="/") == "Science/Biology/Zoology"


def test_subject_depth():
    assert subject_depth("Botany", PARENTS) == 3
    assert subject_depth("Science", PARENTS) == 1


def test_narrower_terms():
    assert narrower_terms("Biology", PARENTS) == ["Botany", "Zoology"]
    assert narrower_terms(None, PARENTS) == ["Arts", "Science"]
    assert narrower_terms("Music", PARENTS) == []

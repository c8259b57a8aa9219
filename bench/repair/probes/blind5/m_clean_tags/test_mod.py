from mod import clean_tags, has_tag


def test_basic_split():
    assert clean_tags("work, home ,errands") == ["work", "home", "errands"]


def test_duplicates_differing_in_case():
    assert clean_tags("Python, python, Code") == ["python", "code"]


def test_empty_parts():
    assert clean_tags(" , ,") == []


def test_has_tag():
    assert has_tag("Urgent, later", "urgent") == True

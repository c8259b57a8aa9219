from classnames import class_list, class_name


def test_spaces_become_hyphens():
    assert class_name("Primary Button") == "primary-button"


def test_single_word():
    assert class_name("  Submit ") == "submit"


def test_class_list():
    assert class_list(["Primary Button", "Large"]) == "primary-button large"

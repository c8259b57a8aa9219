from emails import normalize, same_address


def test_case_is_ignored():
    assert same_address("Ann@Example.com", "ann@example.com ")


def test_different():
    assert not same_address("a@x.org", "b@x.org")


def test_normalize_spaces():
    assert normalize(" a@x.org ") == "a@x.org"

from fields import join_fields, split_fields


def test_plain_fields():
    assert split_fields("ann,42,,oslo") == ["ann", "42", "", "oslo"]


def test_quoted_comma():
    assert split_fields('ann,"Smith, Jr.",42') == ["ann", "Smith, Jr.", "42"]


def test_join_fields():
    assert join_fields(["ann", "Smith, Jr.", "42"]) == 'ann,"Smith, Jr.",42'

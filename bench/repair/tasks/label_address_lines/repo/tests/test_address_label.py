import pytest

from address_label import label_lines, label_text, postcode_of


def test_lines_are_stripped():
    address = "  12 Mill Lane \n Hatfield\n al10 9ab  "
    assert label_lines(address) == ["12 Mill Lane", "Hatfield", "AL10 9AB"]


def test_blank_lines_dropped():
    assert label_lines("1 High St\n\n   \nYork\nyo1 7hh") == ["1 High St", "York", "YO1 7HH"]


def test_empty_address():
    assert label_lines("") == []
    assert postcode_of("  \n ") == ""


def test_too_many_lines():
    with pytest.raises(ValueError):
        label_lines("a\nb\nc\nd\ne\nf")


def test_label_text_with_recipient():
    text = label_text("Flat 2\n 4 Quay Rd\nPoole\nbh15 1hj", "  Dr. Mary Lee ")
    assert text == "Dr. Mary Lee\nFlat 2\n4 Quay Rd\nPoole\nBH15 1HJ"


def test_label_text_without_recipient():
    assert label_text("9 Elm Row\nLeeds\nLS1 4AP") == "9 Elm Row\nLeeds\nLS1 4AP"


def test_postcode_of():
    assert postcode_of("9 Elm Row\nLeeds\n ls1 4ap ") == "LS14AP"

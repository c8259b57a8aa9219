from mod import zone_for_postcode


def test_basic_zone():
    assert zone_for_postcode("EC1A 1BB") == "central"


def test_single_letter_prefix():
    assert zone_for_postcode("N1 9GU") == "north"


def test_whitespace_and_lowercase():
    assert zone_for_postcode("  sw1a 2aa ") == "south-west"


def test_unknown_prefix():
    assert zone_for_postcode("ZZ9 9ZZ") == "remote"

from mod import normalize_plate, match_permits


def test_normalize_removes_spaces_and_dashes():
    assert normalize_plate("AB-12 CDE") == "AB12CDE"


def test_normalize_upper_cases():
    assert normalize_plate("ab12 cde") == "AB12CDE"


def test_match_permits_in_sighting_order():
    permits = ["AB12CDE", "XY99 ZZZ"]
    sightings = ["XY99ZZZ", "QQ11AAA", "AB-12-CDE", "XY99 ZZZ"]
    assert match_permits(permits, sightings) == ["XY99ZZZ", "AB12CDE"]


def test_match_is_case_insensitive():
    assert match_permits(["AB12CDE"], ["ab12cde"]) == ["AB12CDE"]

from mod import normalize_plate, has_permit, penalty, unpermitted_by_zone

PERMITS = {"KX12ABC": {"R1", "R2"}, "GB77": {"R3"}}


def test_normalize_plate():
    assert normalize_plate("kx12-abc") == "KX12ABC"
    assert normalize_plate("GB77") == "GB77"
    assert normalize_plate("  gb-77 ") == "GB77"


def test_has_permit():
    assert has_permit("KX12ABC", PERMITS, "R2") is True
    assert has_permit("gb-77", PERMITS, "R1") is False
    assert has_permit("ZZ99", PERMITS, "R1") is False


def test_penalty():
    assert penalty("KX12ABC", PERMITS, "R1", 90) == 0
    assert penalty("ZZ99", PERMITS, "R1", 0) == 40
    assert penalty("ZZ99", PERMITS, "R1", 61) == 60


def test_unpermitted_by_zone():
    sightings = [("KX12ABC", "R1"), ("ZZ99", "R1"), ("GB77", "R1"), ("ZZ99", "R3")]
    assert unpermitted_by_zone(sightings, PERMITS) == {"R1": 2, "R3": 1}
    assert unpermitted_by_zone([], PERMITS) == {}


def test_plate_typed_with_inner_space_matches_permit():
    # report: resident was ticketed because the officer typed "KX12 ABC"
    assert normalize_plate("KX12 ABC") == "KX12ABC"
    assert penalty("kx12 abc", PERMITS, "R1", 30) == 0

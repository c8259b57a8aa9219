from zones import clean_postcode, zone_for, zone_surcharges

ZONES = {"AB": "highlands", "AB1": "city", "BT": "northern_ireland", "PO3": "islands", "PO": "south"}


def test_longest_prefix_wins():
    assert zone_for("AB10 1XG", ZONES) == "city"
    assert zone_for("ab56 4bb", ZONES) == "highlands"
    assert zone_for("PO30 1AA", ZONES) == "islands"
    assert zone_for("PO1 2AB", ZONES) == "south"


def test_whole_postcode_key():
    assert zone_for("bt1 1aa", {"BT11AA": "depot", "BT": "northern_ireland"}) == "depot"


def test_no_matching_prefix():
    assert zone_for("SW1A 1AA", ZONES) == "remote"
    assert zone_for("ZE1 0AA", ZONES, default="mainland") == "mainland"


def test_empty_postcode():
    assert zone_for("", ZONES) == "remote"
    assert zone_for("  ", {}, "none") == "none"


def test_surcharges():
    surcharges = {"highlands": 250, "islands": 400}
    assert zone_surcharges(["AB30 1AA", "PO30 5XY", "PO1 1AA", "M1 1AE"], ZONES, surcharges) == [250, 400, 0, 0]


def test_clean_postcode():
    assert clean_postcode(" ab1 2cd ") == "AB12CD"

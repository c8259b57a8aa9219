from mod import station_code


def test_exact_name():
    assert station_code("london euston") == "EUS"


def test_extra_whitespace():
    assert station_code("  manchester   piccadilly ") == "MAN"


def test_mixed_case():
    assert station_code("Birmingham New Street") == "BHM"
    assert station_code("EDINBURGH WAVERLEY") == "EDB"


def test_unknown_station():
    assert station_code("Leeds") is None

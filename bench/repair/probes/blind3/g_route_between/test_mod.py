from mod import route_between

LINE = {
    "Paddington": "Reading",
    "Reading": "Swindon",
    "Swindon": "Bristol Parkway",
    "Bristol Parkway": "Newport",
    "Newport": "Cardiff",
}


def test_same_station():
    assert route_between("Reading", "Reading", LINE) == ["Reading"]


def test_adjacent_stations():
    assert route_between("Paddington", "Reading", LINE) == ["Paddington", "Reading"]


def test_to_terminus():
    assert route_between("Swindon", "Cardiff", LINE) == [
        "Swindon", "Bristol Parkway", "Newport", "Cardiff"]


def test_destination_behind_us():
    assert route_between("Newport", "Reading", LINE) is None


def test_destination_not_on_line():
    assert route_between("Paddington", "Oxford", LINE) is None

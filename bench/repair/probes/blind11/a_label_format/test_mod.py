from mod import normalise_postcode, tracking_id, parse_tracking_id, label_lines


def test_normalise_postcode():
    assert normalise_postcode("sw1a 1aa") == "SW1A 1AA"
    assert normalise_postcode(" ls1  4dy ") == "LS1 4DY"


def test_tracking_id():
    assert tracking_id("ldn", 412, 17) == "LDN-0412-00017"
    assert tracking_id("MAN", 7, 12345) == "MAN-0007-12345"


def test_parse_tracking_id():
    assert parse_tracking_id("LDN-0412-00017") == ("LDN", 412, 17)
    assert parse_tracking_id(tracking_id("brs", 3, 9)) == ("BRS", 3, 9)


def test_label_lines():
    assert label_lines("Ann Lee", "1 High St", "Leeds", "ls1 4dy") == [
        "Ann Lee", "1 High St", "LEEDS", "LS1 4DY"]


def test_label_town_with_stray_spaces():
    # town pasted from a web form had spaces around it
    lines = label_lines("Bob Ray", "2 Low Rd", " york ", "yo1 7hh")
    assert lines[2] == "YORK"

from ratecard import cheapest_room, parse_rate_card, rate_for


def test_room_types_are_lower_cased():
    card = "Deluxe King: 189.00\n  Standard Twin : 99.5\n"
    assert parse_rate_card(card) == {"deluxe king": 189.0, "standard twin": 99.5}


def test_comments_and_blank_lines_are_skipped():
    card = "# summer rates\n\nsuite: 320\n   \n# end\nsingle:75.25"
    assert parse_rate_card(card) == {"suite": 320.0, "single": 75.25}
    assert parse_rate_card("") == {}


def test_rate_for_any_case():
    rates = {"suite": 320.0, "single": 75.0}
    assert rate_for(rates, "  Suite ") == 320.0
    assert rate_for(rates, "SINGLE") == 75.0
    assert rate_for(rates, "villa") is None


def test_lookup_on_parsed_card():
    rates = parse_rate_card("Family Room: 210\nSuite: 320")
    assert rate_for(rates, "family room") == 210.0
    assert rate_for(rates, "SUITE") == 320.0


def test_cheapest_room():
    assert cheapest_room({"suite": 320.0, "twin": 99.0, "double": 99.0}) == "double"
    assert cheapest_room({"single": 75.0}) == "single"
    assert cheapest_room({}) is None

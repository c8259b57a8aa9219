from cards import duplicate_cards, find_patron, mask_card, normalise_card

PATRONS = [
    {"card": "LB004217", "name": "Ada Lovelace"},
    {"card": "LB009001", "name": "Alan Turing"},
]


def test_normalise_card():
    assert normalise_card("lb 0042-17") == "LB004217"


def test_find_patron_exact_number():
    assert find_patron(PATRONS, "LB009001")["name"] == "Alan Turing"
    assert find_patron(PATRONS, "LB000000") is None


def test_find_patron_typed_loosely():
    assert find_patron(PATRONS, "lb 0042-17")["name"] == "Ada Lovelace"
    assert find_patron(PATRONS, "LB 0090 01")["name"] == "Alan Turing"


def test_mask_card():
    assert mask_card("lb 0042-17") == "****4217"


def test_duplicate_cards():
    assert duplicate_cards(["LB004217", "lb-0042-17", "LB009001", "LB 004217"]) == ["LB004217"]

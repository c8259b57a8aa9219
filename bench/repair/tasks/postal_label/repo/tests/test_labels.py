from labels import address_label, short_label


def test_address_label():
    assert address_label("Ada", "1 Main St", "12345", "Springfield") == "Ada\n1 Main St\n12345 Springfield"


def test_short_label():
    assert short_label("Ada", "Springfield") == "Ada, Springfield"

from colours import brightness, parse_hex, to_hex


def test_to_hex():
    assert to_hex((255, 136, 0)) == "#ff8800"
    assert to_hex((0, 0, 0)) == "#000000"


def test_parse_hex():
    assert parse_hex("#FF8800") == (255, 136, 0)
    assert parse_hex("102030") == (16, 32, 48)


def test_brightness():
    assert brightness("#000000") == 0
    assert brightness("#ffffff") == 255
    assert brightness("#808080") == 128

from radix import from_base, to_base


def test_hex_and_binary():
    assert to_base(255, 16) == "ff"
    assert to_base(10, 2) == "1010"
    assert to_base(4096, 16) == "1000"


def test_zero():
    assert to_base(0, 2) == "0"
    assert to_base(0, 16) == "0"


def test_reading_back():
    assert from_base("FF", 16) == 255
    assert from_base("1010", 2) == 10
    assert from_base("777", 8) == 511

from naming import to_label, to_snake


def test_to_snake():
    assert to_snake(" Total Price ") == "total_price"


def test_to_label():
    assert to_label("total_price") == "Total Price"

from fulfilment import fulfil, low_stock


def test_unknown_sku_is_backordered():
    assert fulfil({"pen": 5}, [("pen", 2), ("ink", 1)]) == ({"pen": 3}, ["ink"])


def test_insufficient_stock():
    assert fulfil({"pen": 1, "pad": 4}, [("pen", 2), ("pen", 1), ("pad", 4)]) == (
        {"pen": 0, "pad": 0},
        ["pen"],
    )


def test_low_stock():
    assert low_stock({"pen": 1, "pad": 9, "ink": 0}, 2) == ["ink", "pen"]

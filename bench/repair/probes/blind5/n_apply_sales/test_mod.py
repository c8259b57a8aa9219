from mod import apply_sales, to_reorder


def test_normal_sale():
    assert apply_sales({"pen": 10, "pad": 4}, [("pen", 3)]) == ({"pen": 7, "pad": 4}, [])


def test_sale_larger_than_stock():
    assert apply_sales({"pen": 3}, [("pen", 5)]) == ({"pen": 0}, ["pen"])


def test_unknown_item():
    assert apply_sales({}, [("ink", 1)]) == ({"ink": 0}, ["ink"])


def test_reorder():
    assert to_reorder({"pen": 10, "pad": 4}, [("pad", 2)], 3) == ["pad"]

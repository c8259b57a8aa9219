from mod import count_items, is_empty_shipment


def test_single_box():
    assert count_items({"items": ["mug", "pen"], "inner": None}) == 2


def test_nested():
    inner = {"items": ["ring"], "inner": None}
    outer = {"items": ["scarf", "hat"], "inner": inner}
    assert count_items(outer) == 3


def test_missing_inner_key():
    assert count_items({"items": ["sock"]}) == 1


def test_empty_shipment():
    assert is_empty_shipment({"items": [], "inner": {"items": [], "inner": None}})

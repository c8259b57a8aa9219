from reorder import format_sheet, packs_for, reorder_list, units_ordered

STOCK = {"SKU-1": 4, "SKU-2": 50, "SKU-3": 0, "SKU-4": 9}
MINIMUMS = {"SKU-1": 10, "SKU-2": 20, "SKU-3": 5, "SKU-4": 12, "SKU-5": 3}
PACKS = {"SKU-1": 6, "SKU-3": 12, "SKU-4": 2}


def test_packs_for():
    assert packs_for(6, 6) == 1
    assert packs_for(7, 6) == 2
    assert packs_for(0, 6) == 0
    assert packs_for(-3, 6) == 0


def test_reorder_single_sku():
    assert reorder_list({"SKU-1": 1}, {"SKU-1": 10}, {"SKU-1": 4}) == [("SKU-1", 3)]


def test_reorder_every_short_sku():
    assert reorder_list(STOCK, MINIMUMS, PACKS) == [
        ("SKU-1", 1),
        ("SKU-3", 1),
        ("SKU-4", 2),
        ("SKU-5", 3),
    ]


def test_nothing_short():
    assert reorder_list({"SKU-1": 10}, {"SKU-1": 10}, PACKS) == []
    assert reorder_list({}, {}, {}) == []


def test_units_ordered():
    assert units_ordered([("SKU-1", 1), ("SKU-3", 1), ("SKU-4", 2), ("SKU-5", 3)], PACKS) == 25


def test_format_sheet():
    assert format_sheet([("SKU-1", 1), ("SKU-4", 2)]) == "SKU-1 x 1 pack\nSKU-4 x 2 packs"
    assert format_sheet([]) == ""

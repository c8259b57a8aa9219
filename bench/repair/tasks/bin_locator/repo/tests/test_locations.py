from locations import bin_contents, count_bins, empty_bins, locate

TREE = {
    "A": {
        "01": {"1": ["SKU-7", "SKU-9"], "2": []},
        "02": {"1": ["SKU-3"]},
    },
    "B": {
        "01": {"1": ["SKU-9"], "2": ["SKU-3", "SKU-9"]},
    },
}


def test_locate_single_bin():
    assert locate(TREE, "SKU-7") == ["A-01-1"]


def test_locate_several_bins_in_order():
    assert locate(TREE, "SKU-9") == ["A-01-1", "B-01-1", "B-01-2"]
    assert locate(TREE, "SKU-3") == ["A-02-1", "B-01-2"]


def test_locate_unknown_sku():
    assert locate(TREE, "SKU-1") == []
    assert locate({}, "SKU-1") == []


def test_bin_contents():
    assert bin_contents(TREE, "B-01-2") == ["SKU-3", "SKU-9"]
    assert bin_contents(TREE, "A-01-2") == []
    assert bin_contents(TREE, "C-01-1") == []
    assert bin_contents(TREE, "A-01") == []


def test_count_bins():
    assert count_bins(TREE) == 5
    assert count_bins({}) == 0


def test_empty_bins():
    assert empty_bins(TREE) == ["A-01-2"]

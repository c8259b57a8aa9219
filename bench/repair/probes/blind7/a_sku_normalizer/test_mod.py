from mod import normalize_sku, merge_counts


def test_basic_normalisation():
    assert normalize_sku("ab_12") == "AB-12"


def test_surrounding_whitespace_removed():
    assert normalize_sku("  ab 12\n") == "AB-12"


def test_blank_input():
    assert normalize_sku("   ") is None
    assert normalize_sku(None) is None


def test_merge_counts():
    rows = [("ab-1", 2), ("AB_1", 3), ("cd 2", 1)]
    assert merge_counts(rows) == {"AB-1": 5, "CD-2": 1}


def test_merge_counts_skips_blank_and_trims():
    rows = [(" x1 ", 4), ("", 9), ("X1", 1)]
    assert merge_counts(rows) == {"X1": 5}

from mod import normalize_tags


def test_basic():
    assert normalize_tags("Sale,New") == ["sale", "new"]


def test_duplicates_removed():
    assert normalize_tags("sale, SALE ,new") == ["sale", "new"]


def test_empty_parts_skipped():
    assert normalize_tags("Sale, NEW,,  summer ,") == ["sale", "new", "summer"]

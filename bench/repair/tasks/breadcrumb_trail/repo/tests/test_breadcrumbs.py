from breadcrumbs import breadcrumb, parent_page


def test_breadcrumb_order():
    assert breadcrumb(["Home", "Docs", "API"]) == "Home > Docs > API"


def test_top_level_breadcrumb():
    assert breadcrumb(["Home"]) == "Home"


def test_parent_page():
    assert parent_page(["Home", "Docs", "API"]) == "Docs"
    assert parent_page(["Home"]) is None

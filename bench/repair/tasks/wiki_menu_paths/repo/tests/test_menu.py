from menu import breadcrumb, count_entries, find_path, menu_depth, menu_paths

SITE = {
    "title": "Home",
    "children": [
        {"title": "Docs", "children": [{"title": "Install"}, {"title": "FAQ", "children": []}]},
        {"title": "Blog"},
    ],
}


def test_paths_to_every_leaf():
    assert menu_paths(SITE) == [["Home", "Docs", "Install"], ["Home", "Docs", "FAQ"], ["Home", "Blog"]]


def test_single_entry_menu():
    assert menu_paths({"title": "Home"}) == [["Home"]]
    assert menu_paths({"title": "Home", "children": []}) == [["Home"]]


def test_count_and_depth():
    assert count_entries(SITE) == 5
    assert menu_depth(SITE) == 3
    assert count_entries({"title": "Home"}) == 1
    assert menu_depth({"title": "Home"}) == 1


def test_find_path():
    assert find_path(SITE, "FAQ") == ["Home", "Docs", "FAQ"]
    assert find_path(SITE, "Home") == ["Home"]
    assert find_path(SITE, "Shop") is None


def test_breadcrumb():
    assert breadcrumb(SITE, "Install") == "Home > Docs > Install"
    assert breadcrumb(SITE, "Blog", " / ") == "Home / Blog"
    assert breadcrumb(SITE, "Shop") == ""

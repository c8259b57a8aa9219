from shelfread import misshelved, shelf_label, sort_shelf


def test_sort_shelf_numeric_classes():
    assert sort_shelf(["641.5 SMI", "64.1 ABE", "641.5 ADA", "100 ZED"]) == [
        "64.1 ABE", "100 ZED", "641.5 ADA", "641.5 SMI"]


def test_in_order_shelf_is_clean():
    assert misshelved(["100 ABE", "100 ZED", "200.1 COX", "641.5 SMI"]) == []


def test_misshelved_reports_stray_books():
    shelf = ["100 ABE", "300 KIM", "200 DAY", "310 LEE", "305 ORR", "400 ABE"]
    assert misshelved(shelf) == ["200 DAY", "305 ORR"]


def test_shelf_label():
    assert shelf_label("641.5 smi") == "641.5\nSMI"

from stock import branch_totals, empty_shelves, shelf_counts, total_copies

STOCK = {
    "Central": {"Ground": {"FIC A-F": 120, "FIC G-M": 0}, "First": {"500-599": 64}},
    "Northside": {"Ground": {"FIC": 80, "DVD": 15}},
}


def test_total_copies():
    assert total_copies(STOCK) == 279
    assert total_copies({"Ground": {"FIC": 5}}) == 5


def test_branch_totals():
    assert branch_totals(STOCK) == {"Central": 184, "Northside": 95}


def test_shelf_counts():
    assert shelf_counts({"Ground": {"FIC": 5, "DVD": 2}}) == {"Ground/FIC": 5, "Ground/DVD": 2}
    assert shelf_counts(STOCK)["Central/First/500-599"] == 64


def test_empty_shelves():
    assert empty_shelves(STOCK) == ["Central/Ground/FIC G-M"]

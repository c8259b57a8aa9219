from mod import split_line, row_to_dict, read_table, column


def test_split_line():
    assert split_line(" a , b,c \n") == ["a", "b", "c"]
    assert split_line("x;y", sep=";") == ["x", "y"]


def test_row_to_dict():
    assert row_to_dict(["a", "b"], ["1", "2"]) == {"a": "1", "b": "2"}
    assert row_to_dict(["a"], ["1", "extra"]) == {"a": "1"}


def test_read_table():
    lines = ["sku,qty,price\n", "\n", "A1, 3, 9.50\n", "B2,1,4.00\n"]
    recs = read_table(lines)
    assert recs == [{"sku": "A1", "qty": "3", "price": "9.50"},
                    {"sku": "B2", "qty": "1", "price": "4.00"}]
    assert read_table(["\n", "  \n"]) == []


def test_column():
    recs = [{"sku": "A1"}, {"sku": "B2"}]
    assert column(recs, "sku") == ["A1", "B2"]


def test_row_missing_trailing_columns():
    # reported: spreadsheets drop trailing empty cells and loading crashes
    lines = ["sku,qty,note\n", "A1,3,fragile\n", "B2,1\n"]
    recs = read_table(lines)
    assert recs[1] == {"sku": "B2", "qty": "1", "note": ""}
    assert column(recs, "note") == ["fragile", ""]

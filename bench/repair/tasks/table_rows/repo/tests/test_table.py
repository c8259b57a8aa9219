from table import data_rows, header

LINES = ["name,age", "ann,3", "bo,5"]


def test_data_rows():
    assert data_rows(["name,age", "ann,3", "bo,5"]) == [["ann", "3"], ["bo", "5"]]


def test_header():
    assert header(LINES) == ["name", "age"]

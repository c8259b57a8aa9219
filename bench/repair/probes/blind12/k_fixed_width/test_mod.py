from mod import split_fixed, parse_record, parse_amount, read_records


def test_split_fixed():
    assert split_fixed("ab  cd  ", [4, 4]) == ["ab", "cd"]
    assert split_fixed("x   ", [4, 4]) == ["x", ""]
    assert split_fixed("", [3]) == [""]


def test_parse_record():
    line = "2024-03-01  ACC123    250.00    rent"
    assert parse_record(line) == {
        "date": "2024-03-01", "account": "ACC123",
        "amount": "250.00", "memo": "rent"}


def test_parse_amount():
    assert parse_amount("250.00") == 25000
    assert parse_amount("-12.5") == -1250
    assert parse_amount("") == 0


def test_read_records():
    lines = ["2024-03-01  ACC1      5.00      tea\n", "   \n",
             "2024-03-02  ACC2      10.00     cake\n"]
    recs = read_records(lines)
    assert [r["memo"] for r in recs] == ["tea", "cake"]
    assert [parse_amount(r["amount"]) for r in recs] == [500, 1000]


def test_field_filling_its_whole_width():
    # reported: ten-character account numbers lose their last digit
    line = "2024-03-04  ACC9876543-99.99    refund"
    rec = parse_record(line)
    assert rec["account"] == "ACC9876543"
    assert rec["amount"] == "-99.99"

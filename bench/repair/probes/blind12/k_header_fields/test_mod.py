from mod import parse_field, parse_block, get_int


def test_parse_field():
    assert parse_field("Subject: Weekly report") == ("subject", "Weekly report")
    assert parse_field("  X-Retry :  3 ") == ("x-retry", "3")
    assert parse_field("no colon here") is None


def test_parse_block():
    lines = ["From: ops@example.org\n", "X-Retry: 2\n", "garbage\n",
             "X-Retry: 4\n", "\n", "Body: not a header\n"]
    assert parse_block(lines) == {"from": "ops@example.org", "x-retry": "4"}


def test_get_int():
    fields = {"x-retry": "4", "subject": "hi"}
    assert get_int(fields, "x-retry") == 4
    assert get_int(fields, "subject", -1) == -1
    assert get_int(fields, "missing") == 0


def test_value_containing_colons():
    # reported: headers whose value has a colon come out under the wrong key
    assert parse_field("Date: 2024-05-02 10:15:00") == ("date", "2024-05-02 10:15:00")
    block = parse_block(["Host: db1:5432\n", "\n"])
    assert block == {"host": "db1:5432"}

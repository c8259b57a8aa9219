from mod import unquote, parse_row, to_record, blank_fields


def test_unquote():
    assert unquote('  "hello" ') == "hello"
    assert unquote("plain") == "plain"
    assert unquote('"say ""hi"""') == 'say "hi"'
    assert unquote('"') == '"'


def test_parse_row():
    assert parse_row('1, "Ann" ,"Oslo"\r\n') == ["1", "Ann", "Oslo"]
    assert parse_row("a,,b") == ["a", "", "b"]


def test_to_record():
    header = ["id", "name", "city"]
    assert to_record(header, '7,"Bo","Lund"\n') == {"id": "7", "name": "Bo", "city": "Lund"}


def test_blank_fields():
    assert blank_fields({"id": "7", "name": "", "city": "Lund"}) == ["name"]
    assert blank_fields({"id": "1"}) == []


def test_quoted_empty_value_is_blank():
    # reported: the export writes empty strings as "" and they are not seen as blank
    header = ["id", "name", "city"]
    rec = to_record(header, '8,"",Bergen\n')
    assert rec["name"] == ""
    assert blank_fields(rec) == ["name"]

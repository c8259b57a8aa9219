from microchips import chip_id, duplicate_chips, is_valid_chip, owner_of


def test_duplicates_with_different_formatting():
    records = [
        ("Bella", "985 112 000 123 456"),
        ("Milo", "985-112-000-999-000"),
        ("Luna", "985112000123456"),
    ]
    assert duplicate_chips(records) == ["985112000123456"]


def test_duplicates_in_order_of_first_repeat():
    records = [("a", "111"), ("b", "222"), ("c", "222"), ("d", "111"), ("e", "222")]
    assert duplicate_chips(records) == ["222", "111"]


def test_no_duplicates():
    assert duplicate_chips([("a", "111"), ("b", "222")]) == []
    assert duplicate_chips([]) == []


def test_chip_id():
    assert chip_id("985-112 003") == "985112003"


def test_is_valid_chip():
    assert is_valid_chip("985 112 000 123 456")
    assert not is_valid_chip("985 112 000 123 45")
    assert not is_valid_chip("985 112 000 123 45X")


def test_owner_of():
    registry = {"985112000123456": "Ms Ortiz"}
    assert owner_of(registry, "985-112-000-123-456") == "Ms Ortiz"
    assert owner_of(registry, "985112000000000") is None

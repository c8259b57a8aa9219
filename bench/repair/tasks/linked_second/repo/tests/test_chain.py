from chain import chain_values, second_value


def test_second_of_empty_chain():
    assert second_value(None) is None


def test_second_value():
    assert second_value({"value": 1, "next": {"value": 2, "next": None}}) == 2


def test_chain_values():
    assert chain_values({"value": 1, "next": {"value": 2, "next": None}}) == [1, 2]

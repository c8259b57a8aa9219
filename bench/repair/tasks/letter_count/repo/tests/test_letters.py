from letters import count_letter, has_letter


def test_count_letter():
    assert count_letter("banana", "a") == 3


def test_has_letter():
    assert has_letter("kiwi", "w")

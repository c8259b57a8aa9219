from ranges import evens_between, total_between


def test_total_between():
    assert total_between(1, 4) == 10


def test_evens_between():
    assert evens_between(3, 8) == [4, 6, 8]

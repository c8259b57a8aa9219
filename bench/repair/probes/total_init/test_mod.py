from mod import total_minutes

def test_empty():
    assert total_minutes([]) == 0

def test_two():
    assert total_minutes([{"minutes": 5}, {"minutes": 7}]) == 12

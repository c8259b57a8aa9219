from mod import total_weight

def test_sum():
    assert total_weight([{"weight": 2}, {"weight": 3}]) == 5

def test_unknown():
    assert total_weight([{"weight": None}, {"weight": 3}]) == 3

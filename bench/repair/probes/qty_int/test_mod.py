from mod import total_qty

def test_empty():
    assert total_qty([]) == 0

def test_text():
    assert total_qty([{"qty": "2"}, {"qty": "3"}]) == 5

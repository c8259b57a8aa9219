from mod import page, last_page

def test_page():
    assert page(list(range(10)), 1, 3) == [3, 4, 5]

def test_last_even():
    assert last_page(list(range(9)), 3) == 3

def test_last_rest():
    assert last_page(list(range(10)), 3) == 4

from mod import depth

def test_leaf():
    assert depth({"children": []}) == 1

def test_two():
    assert depth({"children": [{"children": []}]}) == 2

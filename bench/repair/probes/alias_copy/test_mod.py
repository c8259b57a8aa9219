from mod import with_item

def test_added():
    assert with_item([1], 2) == [1, 2]

def test_original_kept():
    original = [1]
    with_item(original, 2)
    assert original == [1]

from mod import unique_tags

def test_clean():
    assert unique_tags([" A", "b "]) == ["a", "b"]

def test_dupes():
    assert unique_tags(["a", "A ", "b"]) == ["a", "b"]

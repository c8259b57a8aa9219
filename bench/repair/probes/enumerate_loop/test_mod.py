from mod import numbered

def test_empty():
    assert numbered([]) == []

def test_two():
    assert numbered(["ann", "bo"]) == ["1. ann", "2. bo"]

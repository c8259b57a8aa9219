from mod import city_of

def test_found():
    assert city_of({"a": {"city": "Oslo"}}, "a") == "Oslo"

def test_missing():
    assert city_of({}, "b") is None

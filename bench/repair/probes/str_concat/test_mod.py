from mod import receipt

def test_text():
    assert receipt(5) == "Total: 5"

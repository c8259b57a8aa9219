from mod import normalise_email

def test_domain():
    assert normalise_email("Ann@Example.COM") == "Ann@example.com"

def test_spaces():
    assert normalise_email("  bo@X.org ") == "bo@x.org"

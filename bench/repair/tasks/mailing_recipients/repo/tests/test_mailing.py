from mailing import domain_counts, normalise_address, recipients


def test_normalise_address():
    assert normalise_address("  Ada@Example.ORG ") == "ada@example.org"


def test_domain_counts():
    assert domain_counts(["a@x.org", "B@X.org", "c@y.com"]) == {"x.org": 2, "y.com": 1}


def test_unsubscribed_are_skipped():
    addresses = ["ada@x.org", "Bob@y.com", "cy@x.org", "ADA@x.org "]
    assert recipients(addresses, ["bob@Y.com"]) == ["ada@x.org", "cy@x.org"]
    assert recipients(["a@x.org", "a@x.org"], []) == ["a@x.org"]

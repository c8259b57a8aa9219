from mod import unique_emails, domains


def test_no_duplicates():
    assert unique_emails(["a@x.com", "b@y.org"]) == ["a@x.com", "b@y.org"]


def test_duplicates_and_blanks():
    assert unique_emails([" Ann@Mail.com", "ann@mail.com ", ""]) == ["Ann@Mail.com"]


def test_domains():
    assert domains(["a@X.com", "b@x.com", "c@y.org"]) == ["x.com", "y.org"]

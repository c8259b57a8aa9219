from mod import ancestors, depth, parent


def test_parent():
    assert parent("/usr/local/bin") == "/usr/local"
    assert parent("/usr") == "/"


def test_ancestors():
    assert ancestors("/usr/local/bin") == ["/usr/local/bin", "/usr/local", "/usr", "/"]


def test_depth():
    assert depth("/home/ann") == 2

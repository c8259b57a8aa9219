from paths import depth, join_parts


def test_join_parts():
    assert join_parts(["usr", "local", "bin"]) == "usr/local/bin"


def test_depth():
    assert depth("/usr/local/") == 2

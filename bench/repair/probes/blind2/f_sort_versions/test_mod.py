from mod import sort_versions, latest


def test_simple_sort():
    assert sort_versions(["1.2.0", "1.0.0", "1.1.5"]) == ["1.0.0", "1.1.5", "1.2.0"]


def test_prerelease_before_release():
    assert sort_versions(["2.0.0", "2.0.0-rc1"]) == ["2.0.0-rc1", "2.0.0"]


def test_latest_multi_digit():
    assert latest(["v1.9.0", "v1.10.0", "v1.2.3"]) == "v1.10.0"


def test_latest_empty():
    assert latest([]) is None

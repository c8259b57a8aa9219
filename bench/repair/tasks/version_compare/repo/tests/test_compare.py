from compare import compare_parts, compare_versions, newest, version_parts


def test_version_parts():
    assert version_parts("1.10.0") == [1, 10, 0]
    assert version_parts(" 3 ") == [3]


def test_compare_different_versions():
    assert compare_versions("1.2.3", "1.3.0") == -1
    assert compare_versions("2.0", "1.99.9") == 1
    assert compare_versions("1.10", "1.9") == 1


def test_equal_versions():
    assert compare_versions("1.2.3", "1.2.3") == 0
    assert compare_versions("1.2", "1.2.0") == 0
    assert compare_parts([], []) == 0


def test_shorter_version_is_lower_when_rest_is_nonzero():
    assert compare_versions("1.2", "1.2.0.1") == -1
    assert compare_versions("1.2.0.1", "1.2") == 1
    assert compare_parts([], [0, 0, 4]) == -1


def test_newest():
    assert newest(["1.9", "1.10", "1.2.7"]) == "1.10"
    assert newest(["2.0", "2.0.0"]) == "2.0"
    assert newest(["1.0", "1.0.0.1"]) == "1.0.0.1"
    assert newest([]) is None

from perms import common_permissions, has


def test_common_permissions():
    assert common_permissions([3, 5]) == 1


def test_single_mask():
    assert common_permissions([7]) == 7


def test_has():
    assert has(3, 2)
    assert not has(1, 4)

import pytest
from mod import power_mod, mod_inverse


def test_power_mod_matches_builtin():
    assert power_mod(3, 200, 1000007) == pow(3, 200, 1000007)


def test_inverse():
    assert mod_inverse(3, 11) == 4


def test_no_inverse():
    with pytest.raises(ValueError):
        mod_inverse(22, 11)

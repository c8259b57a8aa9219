from mod import resolve

PROFILES = {
    "base": {"debug": False, "workers": 2},
    "dev": {"extends": "base", "debug": True},
    "dev_big": {"extends": "dev", "workers": 8},
}


def test_root_profile():
    assert resolve("base", PROFILES) == {"debug": False, "workers": 2}


def test_single_parent():
    assert resolve("dev", PROFILES) == {"debug": True, "workers": 2}


def test_chain():
    assert resolve("dev_big", PROFILES) == {"debug": True, "workers": 8}

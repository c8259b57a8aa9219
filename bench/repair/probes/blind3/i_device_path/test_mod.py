from mod import find_path

HOME = {
    "id": "home",
    "children": [
        {"id": "kitchen", "children": [{"id": "fridge"}, {"id": "oven"}]},
        {"id": "bedroom", "children": [{"id": "lamp", "children": [{"id": "bulb"}]}]},
    ],
}


def test_root():
    assert find_path(HOME, "home") == ["home"]


def test_direct_child():
    assert find_path(HOME, "kitchen") == ["home", "kitchen"]


def test_deep_device():
    assert find_path(HOME, "bulb") == ["home", "bedroom", "lamp", "bulb"]


def test_missing_device():
    assert find_path(HOME, "toaster") is None

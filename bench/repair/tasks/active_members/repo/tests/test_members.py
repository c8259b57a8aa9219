from members import active_names, count_by_level

MEMBERS = [
    {"name": "Ada", "level": "gold", "suspended": False},
    {"name": "Ben", "level": "basic", "suspended": True},
    {"name": "Cleo", "level": "gold", "suspended": False},
]


def test_active_names():
    assert active_names(MEMBERS) == ["Ada", "Cleo"]


def test_nobody_active():
    assert active_names([]) == []


def test_count_by_level():
    assert count_by_level(MEMBERS) == {"gold": 2, "basic": 1}

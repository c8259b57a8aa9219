from episodes import mark_played, unplayed, unplayed_minutes, up_next

FEED = [
    {"title": "Ep 5", "published": "2024-03-04", "seconds": 2700, "played": False},
    {"title": "Ep 4", "published": "2024-02-26", "seconds": 3000, "played": False},
    {"title": "Ep 3", "published": "2024-02-19", "seconds": 2400, "played": True},
    {"title": "Ep 2", "published": "2024-02-12", "seconds": 1830, "played": False},
    {"title": "Ep 1", "published": "2024-02-05", "seconds": 3600, "played": True},
]


def test_up_next_oldest_first():
    assert up_next(FEED) == ["Ep 2", "Ep 4", "Ep 5"]
    assert up_next(FEED, limit=1) == ["Ep 2"]


def test_unplayed():
    assert [ep["title"] for ep in unplayed(FEED)] == ["Ep 5", "Ep 4", "Ep 2"]


def test_unplayed_minutes():
    assert unplayed_minutes(FEED) == 125


def test_mark_played():
    updated = mark_played(FEED, "Ep 4")
    assert [ep["title"] for ep in unplayed(updated)] == ["Ep 5", "Ep 2"]
    assert FEED[1]["played"] is False

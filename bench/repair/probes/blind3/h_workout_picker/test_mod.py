from mod import pick_tracks

TRACKS = [
    {"title": "Warmup", "bpm": 100, "explicit": False},
    {"title": "Sprint", "bpm": 150, "explicit": True},
    {"title": "Climb", "bpm": 130, "explicit": False},
    {"title": "Cooldown", "bpm": 80, "explicit": False},
]


def test_bpm_range():
    assert pick_tracks(TRACKS, 120, 160) == ["Sprint", "Climb"]


def test_range_is_inclusive():
    assert pick_tracks(TRACKS, 100, 130) == ["Warmup", "Climb"]


def test_clean_mode_skips_explicit():
    assert pick_tracks(TRACKS, 120, 160, clean=True) == ["Climb"]


def test_nothing_in_range():
    assert pick_tracks(TRACKS, 170, 200) == []

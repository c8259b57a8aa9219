from mod import all_tracks, unique_tracks

LIBRARY = [
    "Morning",
    ["Jazz", ["Late Night", "So What"], "Blue in Green"],
    [],
    "Evening",
]


def test_all_tracks_in_order():
    assert all_tracks(LIBRARY) == [
        "Morning", "Jazz", "Late Night", "So What", "Blue in Green", "Evening",
    ]


def test_empty_folder():
    assert all_tracks([]) == []
    assert all_tracks([[], [[]]]) == []


def test_unique_tracks_keeps_first():
    folder = ["A", ["B", "A"], [["C", "B"]]]
    assert unique_tracks(folder) == ["A", "B", "C"]

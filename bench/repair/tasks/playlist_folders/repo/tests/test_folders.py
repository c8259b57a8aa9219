from folders import count_tracks, folder_depth, playlist_paths

LIBRARY = {
    "name": "Music",
    "items": [
        {"name": "Gym", "tracks": ["Eye of the Tiger", "Stronger", "Lose Yourself"]},
        {
            "name": "Moods",
            "items": [
                {"name": "Rainy", "tracks": ["Riders on the Storm"]},
                {"name": "Empty", "items": []},
                {"name": "Calm", "tracks": ["Weightless", "Clair de Lune"]},
            ],
        },
    ],
}


def test_count_tracks_in_folders():
    assert count_tracks(LIBRARY) == 6
    assert count_tracks({"name": "Empty", "items": []}) == 0


def test_count_tracks_in_playlist():
    assert count_tracks({"name": "Gym", "tracks": ["Stronger", "Jump"]}) == 2


def test_playlist_paths():
    assert playlist_paths(LIBRARY) == ["Music/Gym", "Music/Moods/Rainy", "Music/Moods/Calm"]


def test_folder_depth():
    assert folder_depth(LIBRARY) == 3
    assert folder_depth({"name": "Solo", "tracks": []}) == 0

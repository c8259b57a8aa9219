from mod import parse_length, playlist_length


def test_parse_length():
    assert parse_length("3:07") == 187
    assert parse_length(" 0:45\n") == 45


def test_playlist_length_short():
    assert playlist_length(["3:07", "4:53"]) == "0:08:00"


def test_playlist_length_over_an_hour():
    assert playlist_length(["59:59", "0:02"]) == "1:00:01"


def test_empty_playlist():
    assert playlist_length([]) == "0:00:00"

from mod import parse_m3u


def test_extended_entries():
    text = "#EXTM3U\n#EXTINF:215,Artist - Song\nmusic/song.mp3\n#EXTINF:180,Other - Tune\nmusic/tune.mp3\n"
    assert parse_m3u(text) == [("Artist - Song", "music/song.mp3"), ("Other - Tune", "music/tune.mp3")]


def test_plain_paths():
    assert parse_m3u("a.mp3\nb.mp3\n") == [(None, "a.mp3"), (None, "b.mp3")]


def test_entry_without_extinf_after_titled_one():
    text = "#EXTM3U\n#EXTINF:200,First\none.mp3\ntwo.mp3\n"
    assert parse_m3u(text) == [("First", "one.mp3"), (None, "two.mp3")]


def test_blank_lines_and_comments_ignored():
    text = "#EXTM3U\n\n# my mix\n#EXTINF:90,Intro\n\nintro.ogg\n"
    assert parse_m3u(text) == [("Intro", "intro.ogg")]

from uploads import extension, kind_of, normalise_ext


def test_normalise_ext():
    assert normalise_ext(" PNG ") == "png"


def test_files_without_extension():
    assert extension("README") == ""
    assert extension(".bashrc") == ""
    assert kind_of("notes") == "other"


def test_extension():
    assert extension("Report.PDF") == "pdf"
    assert extension("archive.tar.gz") == "gz"


def test_kind_of():
    assert kind_of("photo.JPG") == "image"
    assert kind_of("todo.txt") == "text"
    assert kind_of("song.mp3") == "other"

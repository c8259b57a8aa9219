from mod import extension, has_extension


def test_simple():
    assert extension("report.PDF") == ".pdf"


def test_last_suffix_only():
    assert extension("backup/archive.tar.gz") == ".gz"


def test_hidden_file_has_no_extension():
    assert extension("/home/ann/.bashrc") == ""


def test_dot_in_directory_name():
    assert extension("photos.2023/readme") == ""


def test_has_extension():
    assert has_extension("notes/todo.MD", ".md", ".txt")

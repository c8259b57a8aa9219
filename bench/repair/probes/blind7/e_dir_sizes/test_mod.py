from mod import dir_size, large_dirs, file_count

FS = {
    "readme.txt": 10,
    "src": {"main.py": 300, "util.py": 150, "lib": {"big.bin": 900}},
    "docs": {"guide.md": 40},
}


def test_dir_size():
    assert dir_size(FS) == 1400
    assert dir_size(FS["src"]) == 1350


def test_large_dirs():
    assert large_dirs(FS, 500) == ["/", "/src", "/src/lib"]


def test_nothing_large_enough():
    assert large_dirs(FS, 5000) == []


def test_empty_directory():
    assert large_dirs({}, 0) == ["/"]


def test_file_count():
    assert file_count(FS) == 5

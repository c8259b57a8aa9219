import pytest

from mod import human_size, total_size


def test_bytes():
    assert human_size(512) == "512 B"


def test_exact_kilobyte():
    assert human_size(1024) == "1.0 KB"


def test_megabytes():
    assert human_size(5 * 1024 * 1024 + 512 * 1024) == "5.5 MB"


def test_negative():
    with pytest.raises(ValueError):
        human_size(-1)


def test_total_size():
    assert total_size({"a.txt": 100, "src": {"main.py": 2000, "lib": {"x.py": 48}}}) == 2148

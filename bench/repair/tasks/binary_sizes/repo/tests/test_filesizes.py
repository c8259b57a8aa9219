import pytest

from filesizes import human_size, parse_size, total_size


def test_bytes():
    assert human_size(0) == "0 B"
    assert human_size(1023) == "1023 B"


def test_kibibytes():
    assert human_size(2048) == "2.0 KiB"


def test_mebibytes():
    assert human_size(10 * 1024 * 1024) == "10.0 MiB"


def test_parse_size():
    assert parse_size("1.5 KiB") == 1536
    assert parse_size("3 GiB") == 3 * 1024**3
    with pytest.raises(ValueError):
        parse_size("3 MB")


def test_total_size():
    assert total_size([512, 512, 1024]) == "2.0 KiB"

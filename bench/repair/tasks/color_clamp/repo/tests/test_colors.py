import pytest

from colors import blend, clamp, hex_to_rgb, lighten, rgb_to_hex


def test_clamp():
    assert clamp(300, 0, 255) == 255
    assert clamp(-4, 0, 255) == 0


def test_rgb_to_hex_in_range():
    assert rgb_to_hex(255, 128, 0) == "#ff8000"


def test_rgb_to_hex_clamps_channels():
    assert rgb_to_hex(300, -5, 128) == "#ff0080"


def test_hex_to_rgb():
    assert hex_to_rgb("#0a0B0c") == (10, 11, 12)
    assert hex_to_rgb("fff") == (255, 255, 255)
    with pytest.raises(ValueError):
        hex_to_rgb("#12345")


def test_lighten_and_blend():
    assert lighten("#f0f0f0", 40) == "#ffffff"
    assert blend("#000000", "#ffffff") == "#808080"

import pytest

from accounts import is_valid_username, normalize_email, password_strength


def test_accepts_good_names():
    assert is_valid_username("alice")
    assert is_valid_username("bob_2024")


def test_length_and_reserved():
    assert not is_valid_username("al")
    assert not is_valid_username("x" * 21)
    assert not is_valid_username("admin")


def test_rejects_bad_characters():
    assert not is_valid_username("alice!")
    assert not is_valid_username("Alice")


def test_must_start_with_letter():
    assert not is_valid_username("1alice")


def test_normalize_email():
    assert normalize_email("  Ann@Example.COM ") == "Ann@example.com"
    with pytest.raises(ValueError):
        normalize_email("ann.example.com")


def test_password_strength():
    assert password_strength("abc") == 0
    assert password_strength("Correct-Horse-42") == 4

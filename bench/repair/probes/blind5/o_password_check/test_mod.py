from mod import is_strong, weak_passwords


def test_strong_password():
    assert is_strong("Tr0ubadour") == True


def test_too_short():
    assert is_strong("short1A") == False


def test_no_digit():
    assert is_strong("Password") == False


def test_weak_passwords():
    users = {"amy": "Secret123", "bob": "secret123", "cy": "SecretWord"}
    assert weak_passwords(users) == ["bob", "cy"]

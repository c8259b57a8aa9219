from mod import average_lap, consistency, fastest_lap


def test_fastest_lap():
    assert fastest_lap([92.4, 88.1, 90.0]) == (2, 88.1)
    assert fastest_lap([]) is None


def test_average_lap():
    assert average_lap([90.0, 88.0, 92.0]) == 90.0
    assert average_lap([]) is None


def test_consistency():
    assert consistency([92.4, 88.1, 90.0]) == 4.3
    assert consistency([90.0]) == 0.0

from feed_fields import episode_number, is_explicit, parse_duration


def test_is_explicit_lowercase():
    assert is_explicit("yes")
    assert is_explicit(" true ")
    assert not is_explicit("no")
    assert not is_explicit(None)


def test_is_explicit_any_case():
    assert is_explicit("Yes")
    assert is_explicit("TRUE")
    assert not is_explicit("Clean")


def test_parse_duration():
    assert parse_duration("1:02:03") == 3723
    assert parse_duration(" 12:30") == 750
    assert parse_duration("754") == 754


def test_episode_number():
    assert episode_number(" 42 ") == 42
    assert episode_number("bonus") is None
    assert episode_number(None) is None

from mod import longest_dry_spell


def test_all_wet():
    assert longest_dry_spell([1.0, 3.2, 0.5]) == (0, None)


def test_single_spell():
    assert longest_dry_spell([2.0, 0.0, 0.1, 0.0, 4.5]) == (3, 1)


def test_picks_longest_of_two():
    rain = [0.0, 0.0, 5.0, 0.0, 0.0, 0.0, 1.2, 0.0]
    assert longest_dry_spell(rain) == (3, 3)

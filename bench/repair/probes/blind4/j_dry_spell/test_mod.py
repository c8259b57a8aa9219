from mod import longest_dry_spell


def test_no_days():
    assert longest_dry_spell([]) == 0


def test_all_dry():
    assert longest_dry_spell([0.0, 0.2, 0.0]) == 3


def test_interrupted_by_rain():
    assert longest_dry_spell([0.0, 0.0, 5.0, 0.0, 0.0, 0.0, 12.0, 0.0]) == 3


def test_all_wet():
    assert longest_dry_spell([3.0, 8.0]) == 0

from seasons import peak_rate, season_rate, stay_cost

SEASONS = [(1, 59, 80), (150, 243, 140), (355, 366, 160)]


def test_day_after_a_season_uses_default_rate():
    assert season_rate(100, SEASONS, 95) == 95
    assert season_rate(60, SEASONS, 95) == 95


def test_days_of_later_seasons():
    assert season_rate(150, SEASONS, 95) == 140
    assert season_rate(243, SEASONS, 95) == 140
    assert season_rate(360, SEASONS, 95) == 160


def test_days_of_first_season():
    assert season_rate(1, SEASONS, 95) == 80
    assert season_rate(59, SEASONS, 95) == 80


def test_without_seasons():
    assert season_rate(10, [], 95) == 95


def test_stay_across_end_of_season():
    assert stay_cost(58, 3, SEASONS, 95) == 80 + 80 + 95
    assert stay_cost(20, 0, SEASONS, 95) == 0


def test_peak_rate():
    assert peak_rate(SEASONS, 95) == 160
    assert peak_rate([], 95) == 95

from mod import backlog


def ep(show, minutes, played=False):
    return {"show": show, "minutes": minutes, "played": played}


def test_counts_per_show():
    counts, _ = backlog([ep("Tech", 40), ep("Tech", 35), ep("News", 20)])
    assert counts == {"Tech": 2, "News": 1}


def test_total_minutes():
    _, minutes = backlog([ep("Tech", 40), ep("News", 20)])
    assert minutes == 60


def test_played_episodes_excluded():
    counts, minutes = backlog([ep("Tech", 40, played=True), ep("News", 25)])
    assert counts == {"News": 1}
    assert minutes == 25


def test_empty_library():
    assert backlog([]) == ({}, 0)

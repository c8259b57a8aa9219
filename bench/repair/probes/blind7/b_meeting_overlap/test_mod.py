from mod import overlaps, conflicts, free_after


def test_partial_overlap():
    assert overlaps((540, 600), (570, 630))


def test_back_to_back_is_not_a_conflict():
    assert not overlaps((540, 600), (600, 660))


def test_disjoint_slots():
    assert not overlaps((540, 600), (700, 760))


def test_conflicts_lists_pairs():
    slots = [(540, 600), (590, 620), (700, 720)]
    assert conflicts(slots) == [(0, 1)]


def test_free_after():
    assert free_after([(540, 600), (590, 620)]) == 620
    assert free_after([]) == 480

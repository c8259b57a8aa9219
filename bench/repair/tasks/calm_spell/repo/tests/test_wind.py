from wind import beaufort, calm_spell_length, longest_calm


def test_beaufort():
    assert beaufort(0) == 0
    assert beaufort(5.9) == 1
    assert beaufort(40) == 6
    assert beaufort(130) == 12


def test_calm_spell_in_middle():
    assert calm_spell_length([0.0, 1.5, 3.2, 0.0], 0) == 2
    assert calm_spell_length([4.0, 0.5, 6.0], 0) == 0


def test_calm_spell_reaching_end_of_data():
    assert calm_spell_length([5.0, 1.0, 0.4], 1) == 2
    assert calm_spell_length([0.0, 0.0], 0) == 2


def test_longest_calm():
    assert longest_calm([3.0, 0.0, 0.0, 5.0, 1.0, 1.1, 0.3]) == 3
    assert longest_calm([]) == 0

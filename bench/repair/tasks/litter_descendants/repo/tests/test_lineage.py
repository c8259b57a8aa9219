from lineage import descendants, generations, litter_sizes

LITTERS = {"Duchess": ["Toby", "Nala"], "Toby": ["Pip"], "Nala": ["Zed", "Ivy"]}


def test_descendants_depth_first():
    assert descendants(LITTERS, "Duchess") == ["Toby", "Pip", "Nala", "Zed", "Ivy"]
    assert descendants(LITTERS, "Nala") == ["Zed", "Ivy"]


def test_animal_without_offspring():
    assert descendants(LITTERS, "Pip") == []
    assert descendants({}, "Rex") == []


def test_generations():
    assert generations(LITTERS, "Duchess") == 2
    assert generations(LITTERS, "Toby") == 1
    assert generations(LITTERS, "Ivy") == 0


def test_litter_sizes():
    assert litter_sizes(LITTERS) == {"Duchess": 2, "Toby": 1, "Nala": 2}
    assert litter_sizes({}) == {}

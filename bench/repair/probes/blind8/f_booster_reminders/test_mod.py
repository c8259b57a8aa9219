from mod import due_for_booster


def test_dog_due_after_a_year():
    pets = [{"name": "Rex", "species": "dog", "last_vaccinated": 100}]
    assert due_for_booster(pets, 465) == ["Rex"]
    assert due_for_booster(pets, 464) == []


def test_rabbits_have_shorter_interval():
    pets = [{"name": "Thumper", "species": "rabbit", "last_vaccinated": 0}]
    assert due_for_booster(pets, 180) == ["Thumper"]


def test_never_vaccinated_is_due():
    pets = [
        {"name": "Mia", "species": "cat", "last_vaccinated": None},
        {"name": "Rex", "species": "dog", "last_vaccinated": 300},
    ]
    assert due_for_booster(pets, 400) == ["Mia"]


def test_unscheduled_species_skipped():
    pets = [{"name": "Goldie", "species": "fish", "last_vaccinated": None}]
    assert due_for_booster(pets, 1000) == []

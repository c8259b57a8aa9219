from mod import generations, known_parents


def animal(name, sire=None, dam=None):
    return {"name": name, "sire": sire, "dam": dam}


def test_unknown_parents():
    assert generations(animal("Bella")) == 1


def test_uneven_pedigree():
    grand_dam = animal("Duchess")
    dam = animal("Daisy", dam=grand_dam)
    sire = animal("Duke")
    assert generations(animal("Bella", sire=sire, dam=dam)) == 3


def test_known_parents():
    assert known_parents(animal("Bella", dam=animal("Daisy"))) == ["Daisy"]
    assert known_parents(animal("Rex", animal("Duke"), animal("Lady"))) == ["Duke", "Lady"]

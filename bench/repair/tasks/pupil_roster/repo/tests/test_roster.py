from roster import class_list, normalise_name, register_lines, surname_index


def test_normalise_name():
    assert normalise_name("  aNN   lee ") == "Ann Lee"
    assert normalise_name("BOB") == "Bob"


def test_class_list_merges_spellings_of_one_pupil():
    assert class_list(["ann lee", "Ann  Lee", "BOB RAY"]) == ["Ann Lee", "Bob Ray"]


def test_class_list_drops_blank_entries():
    assert class_list(["", "  ", " cy  long"]) == ["Cy Long"]


def test_class_list_of_clean_names():
    assert class_list(["Bob Ray", "Ann Lee"]) == ["Ann Lee", "Bob Ray"]
    assert class_list([]) == []


def test_surname_index():
    assert surname_index(["ann lee", "bob ray", "Cy Long"]) == {
        "L": ["Ann Lee", "Cy Long"],
        "R": ["Bob Ray"],
    }


def test_register_lines():
    assert register_lines(["bob", "ann", "BOB"]) == ["1. Ann", "2. Bob"]

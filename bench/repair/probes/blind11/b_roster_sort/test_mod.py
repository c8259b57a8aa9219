from mod import full_name, surname_key, sort_roster, initials, find_pupils


def test_full_name():
    assert full_name("ann", "lee") == "Ann Lee"
    assert full_name(" tom ", "BAKER") == "Tom Baker"


def test_sort_roster():
    assert sort_roster(["Ben Lee", "Ann Adams"]) == ["Ann Adams", "Ben Lee"]
    assert sort_roster([]) == []


def test_initials():
    assert initials("Ann Lee") == "AL"
    assert initials("mary jane watson") == "MJW"


def test_find_pupils():
    roster = ["Ann Lee", "Ben Adams", "Cara Leeson"]
    assert find_pupils(roster, "lee") == ["Ann Lee", "Cara Leeson"]
    assert find_pupils(roster, "zed") == []


def test_roster_sorted_by_surname_not_first_name():
    names = ["Adam Young", "Zoe Brown", "Mia Brown"]
    assert sort_roster(names) == ["Mia Brown", "Zoe Brown", "Adam Young"]
    assert surname_key("Zoe Brown") == ("brown", "zoe")

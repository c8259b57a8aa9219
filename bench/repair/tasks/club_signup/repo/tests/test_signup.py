from signup import add_member, normalize_name, sign_up_all, tables_needed


def test_normalize_name():
    assert normalize_name("  ada   LOVELACE ") == "Ada Lovelace"
    assert normalize_name("bob") == "Bob"


def test_add_member_normalises_the_name():
    assert add_member(["Ada Lovelace"], "  alan   turing ") == ["Ada Lovelace", "Alan Turing"]


def test_same_member_in_other_case_is_not_added_twice():
    assert add_member(["Ada Lovelace"], "ada lovelace") == ["Ada Lovelace"]
    assert add_member(["Bob"], "BOB ") == ["Bob"]


def test_roster_is_not_changed_in_place():
    roster = ["Bob"]
    assert add_member(roster, "Eve") == ["Bob", "Eve"]
    assert roster == ["Bob"]


def test_sign_up_all():
    assert sign_up_all(["bob", "Bob ", "", "   ", "carol"]) == ["Bob", "Carol"]
    assert sign_up_all([]) == []


def test_tables_needed():
    assert tables_needed(["A"] * 9) == 3
    assert tables_needed(["A"] * 8) == 2
    assert tables_needed(["A"] * 5, seats_per_table=6) == 1
    assert tables_needed([]) == 0

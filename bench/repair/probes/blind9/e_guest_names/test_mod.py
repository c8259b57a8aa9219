from mod import arrivals_list, desk_name


def test_simple_name():
    assert desk_name("grace hopper") == "HOPPER, Grace"


def test_several_given_names():
    assert desk_name("ada king lovelace") == "LOVELACE, Ada King"


def test_single_name():
    assert desk_name("Prince") == "PRINCE"


def test_arrivals_list_sorted():
    names = ["Alan Turing", "  grace  hopper ", "Ada Lovelace"]
    assert arrivals_list(names) == ["HOPPER, Grace", "LOVELACE, Ada", "TURING, Alan"]

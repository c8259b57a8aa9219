from mod import full_name

def test_name():
    assert full_name("Ada", "Lovelace") == "Ada Lovelace"

def test_case():
    assert full_name("ada", "lovelace") == "Ada Lovelace"

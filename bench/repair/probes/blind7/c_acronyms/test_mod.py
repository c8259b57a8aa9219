from mod import acronym, initials, expand

GLOSSARY = {"PNG": "Portable Network Graphics"}


def test_acronym():
    assert acronym("Portable Network Graphics") == "PNG"
    assert acronym("read-only memory") == "ROM"


def test_small_words():
    assert acronym("Bank of America") == "BA"
    assert acronym("Bank of America", keep_small=True) == "BOA"


def test_initials():
    assert initials("john ronald reuel tolkien") == "J.R.R.T."


def test_expand_known():
    assert expand(" png ", GLOSSARY) == "Portable Network Graphics"


def test_expand_unknown_returned_unchanged():
    assert expand("gif", GLOSSARY) == "gif"

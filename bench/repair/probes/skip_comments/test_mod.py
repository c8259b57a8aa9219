from mod import commands

def test_plain():
    assert commands("go\nstop") == ["GO", "STOP"]

def test_skip():
    assert commands("# hi\ngo\n\n  \nstop") == ["GO", "STOP"]

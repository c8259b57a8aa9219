from mod import longest_run

def test_all():
    assert longest_run([True, True]) == 2

def test_break():
    assert longest_run([True, False, True, True, False, True]) == 2

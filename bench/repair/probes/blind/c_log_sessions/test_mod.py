from mod import split_sessions


def test_no_lines():
    assert split_sessions([]) == []


def test_two_sessions():
    lines = ["START", "load", "START", "save", "quit"]
    assert split_sessions(lines) == [["START", "load"], ["START", "save", "quit"]]


def test_single_session():
    assert split_sessions(["START", "ping"]) == [["START", "ping"]]

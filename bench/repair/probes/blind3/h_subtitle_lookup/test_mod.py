from mod import find_cue

CUES = [
    (1.0, 3.0, "Hello."),
    (3.5, 6.0, "How are you?"),
    (7.0, 9.5, "Fine, thanks."),
]


def test_cue_in_middle():
    assert find_cue(CUES, 4.0) == "How are you?"


def test_cue_start_is_inclusive():
    assert find_cue(CUES, 7.0) == "Fine, thanks."


def test_first_and_last_cue():
    assert find_cue(CUES, 1.5) == "Hello."
    assert find_cue(CUES, 9.0) == "Fine, thanks."


def test_gap_between_cues():
    assert find_cue(CUES, 6.5) is None


def test_after_last_cue():
    assert find_cue(CUES, 20.0) is None


def test_no_cues():
    assert find_cue([], 1.0) is None

from mod import merge_streams


def test_both_empty():
    assert merge_streams([], []) == []


def test_interleaved():
    a = [(1, "door"), (4, "door")]
    b = [(2, "motion"), (3, "motion"), (5, "motion")]
    assert merge_streams(a, b) == [
        (1, "door"), (2, "motion"), (3, "motion"), (4, "door"), (5, "motion")
    ]


def test_second_stream_empty():
    a = [(1, "temp"), (2, "temp")]
    assert merge_streams(a, []) == a


def test_first_stream_empty():
    b = [(7, "smoke")]
    assert merge_streams([], b) == b


def test_ties_keep_first_stream_first():
    assert merge_streams([(1, "a")], [(1, "b")]) == [(1, "a"), (1, "b")]

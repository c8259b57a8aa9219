from mod import thread_depth, count_comments

THREAD = {
    "text": "question",
    "replies": [
        {"text": "answer", "replies": [{"text": "thanks", "replies": []}]},
        {"text": "me too", "replies": []},
    ],
}


def test_single_comment():
    assert thread_depth({"text": "hi", "replies": []}) == 1


def test_nested_depth():
    assert thread_depth(THREAD) == 3


def test_count():
    assert count_comments(THREAD) == 4

from mod import reading_time, word_count


def test_plain_text():
    assert word_count("Hello world\nthis is  a test") == 6


def test_code_block_ignored():
    text = "Intro line here\n```python\nx = 1\nprint(x)\n```\nDone"
    assert word_count(text) == 4


def test_reading_time_minimum():
    assert reading_time("short") == 1


def test_reading_time_rounds_up():
    assert reading_time("word " * 450) == 3

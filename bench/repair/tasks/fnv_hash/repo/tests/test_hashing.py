from hashing import bucket, fnv1a


def test_known_hash():
    assert fnv1a("a") == 0xE40C292C


def test_empty_string():
    assert fnv1a("") == 2166136261


def test_bucket_in_range():
    assert 0 <= bucket("x", 8) < 8

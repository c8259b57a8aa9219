from mod import is_prime, primes_up_to


def test_small_primes():
    assert primes_up_to(20) == [2, 3, 5, 7, 11, 13, 17, 19]


def test_composite():
    assert is_prime(91) is False


def test_large_prime():
    assert is_prime(7919) is True

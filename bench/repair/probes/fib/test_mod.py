from mod import fib

def test_small():
    assert fib(0) == 0
    assert fib(1) == 1

def test_ten():
    assert fib(10) == 55

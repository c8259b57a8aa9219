def fib(n):
    return fib(n - 1) + fib(n - 2)

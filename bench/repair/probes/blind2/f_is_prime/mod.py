def is_prime(n):
    if n % 2 == 0:
        return n == 2
    divisor = 3
    while divisor * divisor <= n:
        if n % divisor == 0:
            return False
        divisor += 2
    return True


def primes_up_to(limit):
    return [n for n in range(limit + 1) if is_prime(n)]

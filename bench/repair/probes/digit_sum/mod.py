def digit_sum(n):
    return n % 10 + digit_sum(n // 10)

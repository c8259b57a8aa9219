def power(base, exp):
    return base * power(base, exp - 1)

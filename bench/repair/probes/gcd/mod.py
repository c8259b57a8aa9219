def gcd(a, b):
    return gcd(b, a % b)

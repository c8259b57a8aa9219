def power_mod(base, exponent, modulus):
    """Compute base ** exponent % modulus by recursive squaring."""
    if exponent == 0:
        return 1 % modulus
    half = power_mod(base, exponent // 2, modulus)
    result = half * half % modulus
    if exponent % 2:
        result = result * base % modulus
    return result


def mod_inverse(value, prime):
    """Inverse of value modulo a prime, via Fermat's little theorem."""
    if value % prime == 0:
        raise ValueError("no inverse")
    return power_mod(value, prime - 2, prime)

"""Caesar cipher helpers for ASCII text."""


def shift_char(ch, key):
    """Shift one ASCII letter by key places, keeping its case.

    Any other character is returned unchanged.
    """
    if "a" <= ch <= "z":
        base = ord("a")
    elif "A" <= ch <= "z":
        base = ord("A")
    else:
        return ch
    return chr(base + (ord(ch) - base + key) % 26)


def encrypt(text, key):
    """Encrypt text with a Caesar shift of key."""
    return "".join(shift_char(ch, key) for ch in text)


def decrypt(text, key):
    """Undo encrypt(text, key)."""
    return encrypt(text, -key)


def crack(ciphertext, known_word):
    """Return the smallest key (0-25) whose decryption contains known_word, or None."""
    for key in range(26):
        if known_word in decrypt(ciphertext, key):
            return key
    return None

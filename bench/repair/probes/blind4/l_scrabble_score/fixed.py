"""Scrabble word scoring."""

_GROUPS = {1: "AEIOULNSTR", 2: "DG", 3: "BCMP", 4: "FHVWY", 5: "K", 8: "JX", 10: "QZ"}
LETTER_SCORES = {letter: points for points, letters in _GROUPS.items() for letter in letters}


def word_score(word, double_word=False):
    """Return the Scrabble score of `word` (case-insensitive); blank tiles '?' score 0."""
    total = 0
    for letter in word.upper():
        total += LETTER_SCORES.get(letter, 0)
    if double_word:
        total *= 2
    return total

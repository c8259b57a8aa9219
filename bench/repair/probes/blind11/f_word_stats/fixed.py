"""Simple word statistics."""


def words(text):
    """Lower-cased words with surrounding punctuation removed."""
    result = []
    for raw in text.split():
        word = raw.strip(".,;:!?\"'()").lower()
        if word:
            result.append(word)
    return result


def word_frequencies(text):
    """Map each word to how often it occurs."""
    counts = {}
    for word in words(text):
        counts[word] = counts.get(word, 0) + 1
    return counts


def shortest_word(text):
    """The shortest word (first one on ties), or '' for text without words."""
    found = words(text)
    if not found:
        return ""
    best = found[0]
    for word in found[1:]:
        if len(word) < len(best):
            best = word
    return best


def average_word_length(text):
    """Mean word length rounded to 2 decimals; 0.0 for no words."""
    found = words(text)
    if not found:
        return 0.0
    return round(sum(len(w) for w in found) / len(found), 2)

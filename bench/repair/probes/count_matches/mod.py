def count_long(words, size):
    count = 0
    longest = ""
    for word in words:
        if len(word) >= size:
            longest = max(longest, word, key=len)
    return count, longest

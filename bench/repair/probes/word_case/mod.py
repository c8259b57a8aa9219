def count_word(words, target):
    count = 0
    for word in words:
        if word == target:
            count += 1
    return count

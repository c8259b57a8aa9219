def last_word(sentence):
    words = sentence.split()
    return words[-1]

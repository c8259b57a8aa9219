def reverse(text):
    return reverse(text[1:]) + text[0]

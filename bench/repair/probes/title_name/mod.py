def full_name(first, last):
    return first + " " + last

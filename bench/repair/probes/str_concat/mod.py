def receipt(total):
    return "Total: " + total

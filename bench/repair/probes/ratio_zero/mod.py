def pass_rate(passed, total):
    return round(100 * passed / total, 1)

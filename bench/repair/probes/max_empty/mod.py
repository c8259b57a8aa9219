def best_score(scores):
    return max(scores)

"""Turning exam percentages into grade bands."""

BANDS = [(90, "A*"), (80, "A"), (70, "B"), (60, "C"), (50, "D"), (40, "E")]


def grade_for(score):
    """Grade band of a percentage score ('U' below 40); None when score is outside 0-100."""
    if score < 0:
        return None
    for threshold, grade in BANDS:
        if score >= threshold:
            return grade
    return "U"


def grade_counts(scores):
    """How many valid scores fall into each band (bands with no scores are left out)."""
    counts = {}
    for score in scores:
        grade = grade_for(score)
        if grade is not None:
            counts[grade] = counts.get(grade, 0) + 1
    return counts


def pass_rate(scores, pass_grade="C"):
    """Percentage (one decimal) of the valid scores graded pass_grade or better; 0.0 if none."""
    grades = [grade_for(score) for score in scores]
    grades = [grade for grade in grades if grade is not None]
    if not grades:
        return 0.0
    order = [grade for _, grade in BANDS] + ["U"]
    limit = order.index(pass_grade)
    passed = sum(1 for grade in grades if order.index(grade) <= limit)
    return round(100 * passed / len(grades), 1)

GRADE_POINTS = {"A": 4.0, "B": 3.0, "C": 2.0, "D": 1.0, "F": 0.0}


def weighted_gpa(courses):
    """courses: list of (letter_grade, credits). Pass/fail ('P') courses are skipped."""
    quality_points = 0.0
    attempted_credits = 0
    for grade, credits in courses:
        if grade == "P":
            continue
        quality_points += GRADE_POINTS[grade] * credits
        attempted_credits += credits
    if attempted_credits == 0:
        return 0.0
    return round(quality_points / attempted_credits, 2)

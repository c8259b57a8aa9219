"""Turn exam scores into letter grades and class reports."""

GRADE_BANDS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter_grade(score):
    """Letter for a 0-100 score; each band's lower bound belongs to that band."""
    if not 0 <= score <= 100:
        raise ValueError(f"score out of range: {score}")
    for floor, letter in GRADE_BANDS:
        if score > floor:
            return letter
    return "F"


def average(scores):
    """Mean of the scores, rounded to one decimal place."""
    if not scores:
        raise ValueError("no scores")
    return round(sum(scores) / len(scores), 1)


def grade_report(students):
    """{name: letter} from {name: [scores]}, graded on each student's average."""
    return {name: letter_grade(average(scores)) for name, scores in sorted(students.items())}


def distribution(report):
    """How many students got each letter, in A-F order, letters with no student omitted."""
    counts = {}
    for letter in ["A", "B", "C", "D", "F"]:
        number = sum(1 for value in report.values() if value == letter)
        if number:
            counts[letter] = number
    return counts

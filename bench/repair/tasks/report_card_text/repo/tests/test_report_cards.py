from report_cards import letter_grade, overall_grade, report_card


def test_letter_grade_boundaries():
    assert letter_grade(95) == "A*"
    assert letter_grade(90) == "A*"
    assert letter_grade(89.5) == "A"
    assert letter_grade(70) == "B"
    assert letter_grade(50) == "D"
    assert letter_grade(49) == "U"


def test_report_card_with_comments():
    subjects = [
        {"name": "Maths", "score": 84, "comment": "Excellent problem solving."},
        {"name": "History", "score": 58, "comment": "  Must hand essays in on time. "},
    ]
    assert report_card("Priya Shah", subjects) == (
        "Report card: Priya Shah\n"
        "Maths: A (84%)\n"
        "    Excellent problem solving.\n"
        "History: D (58%)\n"
        "    Must hand essays in on time."
    )


def test_subjects_without_comment_get_no_comment_line():
    subjects = [
        {"name": "Art", "score": 91},
        {"name": "French", "score": 66, "comment": ""},
        {"name": "PE", "score": 72, "comment": "Great effort."},
        {"name": "Music", "score": 40, "comment": "   "},
    ]
    assert report_card("Tom Reed", subjects) == (
        "Report card: Tom Reed\n"
        "Art: A* (91%)\n"
        "French: C (66%)\n"
        "PE: B (72%)\n"
        "    Great effort.\n"
        "Music: U (40%)"
    )


def test_report_card_without_subjects():
    assert report_card("New Pupil", []) == "Report card: New Pupil"


def test_overall_grade():
    assert overall_grade([{"name": "Maths", "score": 84}, {"name": "Art", "score": 66}]) == "B"
    assert overall_grade([]) == "-"

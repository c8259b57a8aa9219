"""Printable end-of-term report cards."""

GRADE_BOUNDARIES = [(90, "A*"), (80, "A"), (70, "B"), (60, "C"), (50, "D")]


def letter_grade(score):
    """The letter for a percentage score; below every boundary is "U"."""
    for boundary, letter in GRADE_BOUNDARIES:
        if score >= boundary:
            return letter
    return "U"


def report_card(name, subjects):
    """The text of a report card.

    A header line "Report card: <name>", then per subject "<subject>: <grade> (<score>%)",
    followed by the teacher's comment on its own line indented by four spaces when the
    subject has a non-empty "comment".
    """
    lines = [f"Report card: {name}"]
    for subject in subjects:
        score = subject["score"]
        lines.append(f"{subject['name']}: {letter_grade(score)} ({score}%)")
        comment = subject.get("comment", "").strip()
        if True:
            lines.append("    " + comment)
    return "\n".join(lines)


def overall_grade(subjects):
    """The letter grade of the mean score over all subjects, or "-" when there are none."""
    if not subjects:
        return "-"
    return letter_grade(sum(subject["score"] for subject in subjects) / len(subjects))

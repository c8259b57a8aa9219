"""Sorting exam results into passed, failed and absent pupils."""


def outcomes(results, pass_mark=50):
    """{'passed': [...], 'failed': [...], 'absent': [...]}, names in input order.

    results maps pupil -> mark, or None for a pupil who missed the exam.
    """
    groups = {"passed": [], "failed": [], "absent": []}
    for pupil, mark in results.items():
        if mark is None:
            groups["absent"].append(pupil)
        if mark >= pass_mark:
            groups["passed"].append(pupil)
        else:
            groups["failed"].append(pupil)
    return groups


def summary_line(results, pass_mark=50):
    """'3 passed, 1 failed, 0 absent'."""
    groups = outcomes(results, pass_mark)
    return ", ".join(f"{len(groups[key])} {key}" for key in ("passed", "failed", "absent"))


def average_of_sitters(results):
    """Mean mark (one decimal) of the pupils who sat the exam; None if nobody did."""
    marks = [mark for mark in results.values() if mark is not None]
    if not marks:
        return None
    return round(sum(marks) / len(marks), 1)

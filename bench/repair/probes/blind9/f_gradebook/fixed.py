"""A teacher's gradebook for one class."""


class Gradebook:
    def __init__(self):
        self._scores = {}

    def add(self, student, subject, score):
        if not 0 <= score <= 100:
            raise ValueError("score must be between 0 and 100")
        self._scores.setdefault(student, {}).setdefault(subject, []).append(score)

    def subject_average(self, student, subject):
        """Average score of student in subject, to one decimal."""
        scores = self._scores[student][subject]
        return round(sum(scores) / len(scores), 1)

    def report(self, student):
        """Lines "subject: average", subjects in alphabetical order."""
        subjects = self._scores.get(student, {})
        return [f"{s}: {self.subject_average(student, s)}" for s in sorted(subjects)]

class Course:
    def __init__(self, code, capacity):
        self.code = code
        self.capacity = capacity
        self.students = []

    def enroll(self, student_id):
        """Enroll a student; return True if they were added."""
        if len(self.students) >= self.capacity:
            return False
        self.students.append(student_id)
        return True

    def seats_left(self):
        return self.capacity - len(self.students)

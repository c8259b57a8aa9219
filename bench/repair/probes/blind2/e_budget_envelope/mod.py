class Budget:
    """A simple spending envelope with a fixed limit."""

    def __init__(self, limit, expenses=()):
        self.limit = limit
        self.expenses = expenses

    def add(self, amount):
        if amount > self.remaining():
            raise ValueError("over budget")
        self.expenses.append(amount)

    def spent(self):
        return sum(self.expenses)

    def remaining(self):
        return self.limit - self.spent()

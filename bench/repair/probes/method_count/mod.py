class Counter:
    def __init__(self):
        self.count = 0
        self.items = []

    def add(self, item):
        self.items.append(item)

    def total(self):
        return self.count
